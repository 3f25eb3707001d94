/**
 * v3 details of Cocoon actions on real mainnet traces (the `indexer-traces/cases/cocoon.yaml` cases),
 * shaped as ton-index-go renders them (`ParseRawAction` and the json tags of `ActionDetailsCocoon*`,
 * https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index): 64-bit numbers as strings,
 * the worker state and the unregister seqno as numbers.
 */
import { describeRenderedDetails } from './golden/rendered-details';

describeRenderedDetails('v3 details of Cocoon actions (real traces)', [
  {
    name: 'Cocoon Worker Payout',
    traceId: '1LzTIRFPDw1CixKXM9wxSE5zxTg7okb2kstnP3GQhNU=',
    type: 'cocoon_worker_payout',
    details: {
      payout_type: 'regular',
      query_id: '10553886210694500674',
      new_tokens: '9229614747703451079',
      worker_state: 0,
      worker_tokens: '73063940556',
      source: '0:B16DB31490EE38ED5DD0258D9B686FF0BA590025E4A4BD232D1CD5A8AA805A16',
      destination: '0:E572BD4E31B098C7E1AA8BB779D48EAF01D279831502C4029C7B522614873BCA',
      amount: '4500148290',
    },
  },
  {
    name: 'Cocoon Worker Last Payout',
    traceId: '1gnDaOa5Fh8ZglQELMgsywJaevp2NfPSDg5AmW8jNP8=',
    type: 'cocoon_worker_payout',
    details: {
      payout_type: 'last',
      query_id: '2073831913118480719',
      new_tokens: '9225483487327049292',
      worker_state: 2,
      worker_tokens: '199630509',
      source: '0:3C02D2FAE2B263048DA2C03AAF0C2BEB208F6828C3547D4A86E19A98F1BFAABA',
      destination: '0:E572BD4E31B098C7E1AA8BB779D48EAF01D279831502C4029C7B522614873BCA',
      amount: '3792979671',
    },
  },
  {
    name: 'Cocoon Proxy Payout',
    traceId: '2c8XSjnlpuxjOu3ixrdO0m_W1fiikVWZQB6h5sJe7U4=',
    type: 'cocoon_proxy_payout',
    details: {
      query_id: '12731543016903973642',
      source: '0:B94C23C25E82509C6834B6C513FA7B4F5B8A924694C579ADED8CD0079E646A50',
      destination: '0:E796C95723646D2355A12E6B5E9646F8095406C6BF04FF14888E5D0783BF6336',
    },
  },
  {
    name: 'Cocoon Proxy Charge',
    traceId: '005toDO4Q3z9WP4LSihK9uVPDH-ygXgGSEDNnT9h3oc=',
    type: 'cocoon_proxy_charge',
    details: {
      query_id: '3340233008295500229',
      new_tokens_used: '9225483487327049292',
      expected_address: '260;8da2c03aaf0c2beb208f6828c3547d4a86e19a98f1bfaaba09bcd727438138bfc',
      source: '0:20A3E6577F7EE23A43FD0BDB835EF01E86FC2FA3290421E2CAB05132AFEC09B0',
      destination: '0:B94C23C25E82509C6834B6C513FA7B4F5B8A924694C579ADED8CD0079E646A50',
    },
  },
  {
    name: 'Cocoon Client Top Up',
    traceId: '02ZsangSM2tiw_-vYumdC8Kde09o3-7qnJHLIgWrv4s=',
    type: 'cocoon_client_top_up',
    details: {
      query_id: '11691960163567649532',
      source: '0:EE35299E2C43D1455080253B6BF9D350FE3EC7353CD90A2F07DF31CE68B6EF6C',
      destination: '0:E4B2FA549D8BDE017318D66A496AE5CD4ABE6DC887D5336A93F3445AC306C62F',
      amount: '1000000000',
    },
  },
  {
    name: 'Cocoon Register Proxy',
    traceId: '-5SK3b3jO5MhZCqc6AMK931wBbvGGZcZPM0AruldKXE=',
    type: 'cocoon_register_proxy',
    details: {
      query_id: '0',
      destination: '0:AB6831390BF3B13923E7DEFFB9552A65626113BF0BA2D2D3DC203DECFCE4A6F6',
    },
  },
  {
    name: 'Cocoon Unregister Proxy',
    traceId: '3UJokH6MJ8TSK3Get0x_n975z1gfeALOnnhQYyZ8t-c=',
    type: 'cocoon_unregister_proxy',
    details: {
      query_id: '0',
      seqno: 1,
      destination: '0:C8B0987AA4AD70F4855B9C6B543E53B46E7F747A60E7799222A37DB220811643',
    },
  },
  {
    name: 'Cocoon Client Register and Change Secret Hash',
    traceId: '5B6Ex8kvs5Qb8lcTKPbFhlz2yhVv7aUIvkvngzWK6dI=',
    type: 'cocoon_client_change_secret_hash',
    details: {
      query_id: '1387465229815244673',
      new_secret_hash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      source: '0:0A8F73CF5E9CEC1CC503D7FC936CD05ACDC721BD6234B1CF286D7964ADECD117',
      destination: '0:22F52E6CC5DA14DBDEC97D2E1778ADF79EBE1E6A2E53928FCF5EA5827A7608E0',
    },
  },
  {
    name: 'Cocoon Client Register and Change Secret Hash',
    traceId: '5B6Ex8kvs5Qb8lcTKPbFhlz2yhVv7aUIvkvngzWK6dI=',
    type: 'cocoon_client_register',
    details: {
      query_id: '1821011912409218354',
      nonce: '11924145372215500834',
      source: '0:0A8F73CF5E9CEC1CC503D7FC936CD05ACDC721BD6234B1CF286D7964ADECD117',
      destination: '0:22F52E6CC5DA14DBDEC97D2E1778ADF79EBE1E6A2E53928FCF5EA5827A7608E0',
    },
  },
  {
    name: 'Cocoon Client Request Refund (Direct)',
    traceId: 'AMdf-I0NoFEBeMMac3s9-0LcCUfLy1fYZcSp0MH7lnA=',
    type: 'cocoon_client_request_refund',
    details: {
      query_id: '14276226389141423125',
      via_wallet: false,
      source: '0:EE35299E2C43D1455080253B6BF9D350FE3EC7353CD90A2F07DF31CE68B6EF6C',
      destination: '0:F978B227515EB9390BED8220B922543CFEFB5AE63BBB29BCFA95FA628E5D50EF',
    },
  },
  {
    name: 'Cocoon Client Request Refund (Via Wallet)',
    traceId: 'A88GSRUqsE9po3lrzfdNf9D9XwXzDu7vQ9BqGx1VS94=',
    type: 'cocoon_client_request_refund',
    details: {
      query_id: '0',
      via_wallet: true,
      source: '0:0C3F87BD2FCDF764A96A919541B124D7E39447BA89457AFB317AF41FF3492068',
      destination: '0:C76C004F2AD8AD1F8D5AA4EF38F1FBEE40C33B04BB5FA0827FAE600EAE155F0F',
    },
  },
  {
    name: 'Cocoon Grant Refund',
    traceId: 'EOSxi6ERPIqAHjKYGUA-TUJFSjw5uYxIB7CwQEhnVuc=',
    type: 'cocoon_grant_refund',
    details: {
      query_id: '8779794170130083123',
      new_tokens_used: '9225483487327049292',
      expected_address: '260;8da2c03aaf0c2beb208f6828c3547d4a86e19a98f1bfaaba9e7fc24ff1452428e',
      source: '0:4846B4982861D84FA03627ED0129EC24570A972B3F1D16E1C10D135C6BAF195F',
      destination: '0:2914D6B5E1AFDA8E2A4D266F7108AC6F097B6FC61C8560306E27741866F77D5F',
      amount: '14999630120',
    },
  },
  {
    name: 'Cocoon Client Increase Stake',
    traceId: '9ASdFVnxka3wXQIY-czQvwSDLxTxHxbloVgZUhWAH-4=',
    type: 'cocoon_client_increase_stake',
    details: {
      query_id: '0',
      new_stake: '18000000000',
      source: '0:29DE6F2E63A467C5C32C2D35C6D4BE5E0F192A6464AE288686EEBA6A0F5C2340',
      destination: '0:92F4468997A5839A274A00F452DA447608C5A7EF7DDE19083041620598B390E1',
      amount: '18000000000',
    },
  },
  {
    name: 'Cocoon Client Withdraw',
    traceId: 'K-nxIQ9D2cc51j_BfU2nurITZia3POGyoZkiSeP9qqI=',
    type: 'cocoon_client_withdraw',
    details: {
      query_id: '374934315680212459',
      withdraw_amount: '999985640',
      source: '0:F88EACAE633FAAFBBAF40F843BA54977C77D573E8582337244A5F745B84F8F2B',
      destination: '0:38B9DB6796941103B4FF1CB3DC8E312FC936A226DF2A1C3FB7ADC2ED2459EBCF',
      amount: '999985640',
    },
  },
]);
