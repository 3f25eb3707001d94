/**
 * toncenter's detectAddress example: a friendly bounceable address and pytonlib's exact answer with
 * 2.1's @type tags (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 * The unit test of the mapper and the end-to-end test of the endpoint check the same vector.
 */
export const TONCENTER_DETECT_ADDRESS = {
  input: 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N',
  detected: {
    '@type': 'ext.utils.detectedAddress',
    raw_form: '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8',
    bounceable: {
      '@type': 'ext.utils.detectedAddressVariant',
      b64: 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N',
      b64url: 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N',
    },
    non_bounceable: {
      '@type': 'ext.utils.detectedAddressVariant',
      b64: 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI',
      b64url: 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI',
    },
    given_type: 'friendly_bounceable',
    test_only: false,
  },
} as const;
