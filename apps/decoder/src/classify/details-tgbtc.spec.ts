/**
 * v3 details of tgBTC actions on real mainnet traces (the `indexer-traces/cases/tgbtc.yaml` cases),
 * shaped as ton-index-go renders them (`ParseRawAction` and the json tags of `ActionDetailsTgbtc*` and
 * `ActionDetailsDkgLogFallback`, https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index):
 * a log-only fallback keeps its full type's keys, what the log cannot tell as null.
 */
import { describeRenderedDetails } from './golden/rendered-details';

describeRenderedDetails('v3 details of tgBTC actions (real traces)', [
  {
    name: 'tgBTC new key',
    traceId: 'XbaXJMw3ssABoaIXul2iIN_kYfu-HoPsD0NZFLyMRxA=',
    type: 'tgbtc_new_key',
    details: {
      source: '0:F8DD1B5D010FD8F2797CE92AB3C6394BFFEAC0BDD66204393FB3B39317EA11C6',
      pubkey: '382e9d762046f4bb5cde2ce1b7780cb499b5394972163930cf88bc55463acb70',
      coordinator: '0:E1177970B722A9422D8EF674B85CDCB2C88295EE397D7150A4A382F91921409C',
      pegout: '0:8772FC3544750A35733D5E0EB1A1FE0E5986495614451B00B73943F9F55F8B7F',
      amount: '425489053588',
      asset: null,
    },
  },
  {
    name: 'tgBTC new key (just another)',
    traceId: 'SSUQR8t_fRnph032XDanjuRYexTLHTmAWQG5qBrBgtM=',
    type: 'tgbtc_new_key',
    details: {
      source: '0:F8DD1B5D010FD8F2797CE92AB3C6394BFFEAC0BDD66204393FB3B39317EA11C6',
      pubkey: 'bca58e7898026854a2f14ef0beffbf7e9fa7efa2f38deae30c1ac729247c6d3b',
      coordinator: '0:E1177970B722A9422D8EF674B85CDCB2C88295EE397D7150A4A382F91921409C',
      pegout: '0:20B8CE7C5DDFC263FCFF2AA752C4F2D4590BF31C4DABF1FB4D034DE605E62260',
      amount: '425489053700',
      asset: null,
    },
  },
  {
    name: 'tgBTC mint',
    traceId: 'iqIHDlbalqobuAMgJOC_T_9L6nLiwdOOr7BNKBtqIyA=',
    type: 'tgbtc_mint',
    details: {
      source: '0:219F19946DDAA7ED0923267A89FA39A82BA5D9B631ABB0F15BA61241830C92EA',
      destination: '0:219F19946DDAA7ED0923267A89FA39A82BA5D9B631ABB0F15BA61241830C92EA',
      amount: '9850',
      asset: '0:AD9E0A84E13EFB6D37634044F7B49820FD121E900057BF6E71DED212378D7C05',
      bitcoin_tx_id: '29473eb71be95904599a5cecd24f602f07942b1da2b4c5eb3c5551367c2e4023',
      destination_wallet: '0:AE519BA51E0D8FB640308A7BD0FB398FEE0C5151426DB6423B11BF15D3A0E39F',
    },
  },
  {
    name: 'tgBTC mint (another)',
    traceId: '1OrxQbhicqml435pt0GPrXePkkdTGXRMlNJ4q67UZ-M=',
    type: 'tgbtc_mint',
    details: {
      source: '0:22FC2803EA3937A8392ED47B03CAA604377875B13435193AD316FD35DE458289',
      destination: '0:22FC2803EA3937A8392ED47B03CAA604377875B13435193AD316FD35DE458289',
      amount: '8800',
      asset: '0:E8CB571401B1AADB9DEFC1FA0F72A4A5A0E0D5016903067891D763C91541E72B',
      bitcoin_tx_id: 'c8254c7852b5e94c78f1667c29784a760e27c23c3cbf389705184944b4fa0716',
      destination_wallet: '0:6E62CDCC324B37B0FA201A2483E588E57E30333784BF277BECFB66E0126CAA9D',
    },
  },
  {
    name: 'tgBTC mint (very long)',
    traceId: '1rMRvEYh8TtCNox3P4VG6wcGLWX4YrU7jc55iqxzo6c=',
    type: 'tgbtc_mint',
    details: {
      source: '0:BD900698AAD9C3C04CFA064F790BA4EE68605FEA2791D178A6CCE3D053421E86',
      destination: '0:BD900698AAD9C3C04CFA064F790BA4EE68605FEA2791D178A6CCE3D053421E86',
      amount: '1660350',
      asset: '0:7D858A3DEF200FDA2B18C22485C66D4139B42B698F11985374D8943222CED4AA',
      bitcoin_tx_id: 'e74d6db9342378bd2a5f09dac1aa7f4b035389c4ca92b8c112a500477009e0bf',
      destination_wallet: '0:9C574128B2A865BAD06015BBFF4E4196FF8AAA3C92174043DBAF84C0035B34F0',
    },
  },
  {
    name: 'tgBTC mint (another very long)',
    traceId: '1qD3P7k62Wscr4J92DXfRmsFUoXsd631PVCjJDuZPi0=',
    type: 'tgbtc_mint',
    details: {
      source: '0:D9A97AA483963CDD0A30E68DAD76E3C5DF5580855039BAF63A5407568EFD3867',
      destination: '0:D9A97AA483963CDD0A30E68DAD76E3C5DF5580855039BAF63A5407568EFD3867',
      amount: '9700',
      asset: '0:7D858A3DEF200FDA2B18C22485C66D4139B42B698F11985374D8943222CED4AA',
      bitcoin_tx_id: 'b07fabef458e0b003895840ebba391d21e340fbb07b3ec95bc737f1b8d188219',
      destination_wallet: '0:46FA4686C18DC6E6190E7BA106AD136A49F1052A01383566C14D3081A7282B14',
    },
  },
  {
    name: 'tgBTC burn',
    traceId: 'xBl_8BTUqSv52IWAzrmg54-V0YR_WQsV1buJxKBq4vE=',
    type: 'tgbtc_burn',
    details: {
      source: '0:219F19946DDAA7ED0923267A89FA39A82BA5D9B631ABB0F15BA61241830C92EA',
      source_wallet: '0:AE519BA51E0D8FB640308A7BD0FB398FEE0C5151426DB6423B11BF15D3A0E39F',
      destination: '0:AFCEC6CCE463D696DDBDF9469CE1CEDEEA02CA47F665BCEB99A8A2F2C5D45731',
      amount: '9637',
      asset: '0:AD9E0A84E13EFB6D37634044F7B49820FD121E900057BF6E71DED212378D7C05',
    },
  },
  {
    name: 'tgBTC burn (another)',
    traceId: 'Ez03fWgLT3VrlFzKfKQ-N-c2_rNBSZtPwrTz_1kB_yw=',
    type: 'tgbtc_burn',
    details: {
      source: '0:E19288C47188B9C9E11224CEFF74BA390C6B85CE07F69575BC3C4636DA57EE2E',
      source_wallet: '0:3774F40F75E0B5287298A203F855B5F28F42ADB561E74BAD90A3D0C4BD78BA3C',
      destination: '0:6CC7F43A68A9FE1909C196C0A163DB65987640EBAE6DD338ED638A5EA0D287E3',
      amount: '1100000',
      asset: '0:AD9E0A84E13EFB6D37634044F7B49820FD121E900057BF6E71DED212378D7C05',
    },
  },
  {
    name: 'tgBTC burn (with strange burn notification)',
    traceId: 'TDsLHsBMnAQGQ0nLSoy5wfUXjMjc28aCc241U9U9D2M=',
    type: 'tgbtc_burn',
    details: {
      source: '0:EB8AC5A8906F394640F99245B2850677FA736F080BAFD85D657CDCD3846D87FE',
      source_wallet: '0:E2711224A693851A223A3E8E81000DF7125F0AC60684CEA767C8FB0B6CD46A0C',
      destination: '15:8A69F1E2976384167B2E961654237028CBE86C211FE4555BB6D2E0075C562D44',
      amount: '1000',
      asset: '0:5A3F2ADA0F96F67087BCADE7DE560CE29957DA0A803E63B4232FFD09E4B1BBBE',
    },
  },
  {
    name: 'tgBTC dkg log (fallback)',
    traceId: '_6GHAnnp8ZMqUy6G6ZbAjcwO4WD2xp_yms84bK9wsmE=',
    type: 'tgbtc_dkg_log_fallback',
    details: {
      coordinator: '0:E7C197C6B8DC54C88B7BF0FB86E8834E97EE740CEB47254E4A154E7EE023848F',
      pubkey: 'bb3a21df270dd0e6dc1169f4afb93be5eb2945df81c011f2b29f648daf64d150',
      timestamp: '1744132682',
    },
  },
  {
    name: 'tgBTC burn (wierd schema)',
    traceId: '2yH8U5KFpFp_okVlTrth4pBuiIr8p7QKjJSImz2DTrI=',
    type: 'tgbtc_burn',
    details: {
      source: '0:E8A31DB182F93354C0BDE7800D0D200027D027B0DFEB478F2F4D0B0C2E1DC059',
      source_wallet: '0:A42315002B88C23D17A24AAA8B65205810C4D08D237DA3CA4D976A2D1E04E801',
      destination: null,
      amount: '93066',
      asset: '0:7D858A3DEF200FDA2B18C22485C66D4139B42B698F11985374D8943222CED4AA',
    },
  },
  {
    name: 'tgBTC burn (very old wierd and crippled)',
    traceId: '35MtsOa0weeyUpH8_9pk58WhIrOuyB6ycEH9lY-KhUY=',
    type: 'tgbtc_burn_fallback',
    details: {
      source: null,
      source_wallet: null,
      destination: null,
      amount: '2108539095393251256237182',
      asset: null,
    },
  },
]);
