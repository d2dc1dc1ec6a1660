/**
 * The currencies a sign may name: ISO 4217's codes in use (160, as of 2025: ICU's list, less the IMF's units
 * of account XDR and XSU, which no table takes bets in). The sign's writers (`signage`, the console) refuse any other
 * code: `currency=HDK` (for HKD) was published, and every board said "HDK 500". A board takes any three capital
 * letters (the contract's pattern), so a code newer than this list still shows, with its letters.
 *
 * ```ts
 * isCurrencyCode('MOP'); // true
 * isCurrencyCode('HDK'); // false
 * ```
 * @packageDocumentation
 */

const CODES: ReadonlySet<string> = new Set(
  [
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD',
    'CAD CDF CHF CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP',
    'GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD',
    'KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO',
    'NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL',
    'SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST',
    'XAF XCD XCG XOF XPF YER ZAR ZMW ZWG ZWL',
  ]
    .join(' ')
    .split(' '),
);

/** Whether `code` is an ISO 4217 currency code in use (capitals: `HKD`, not `hkd`). */
export const isCurrencyCode = (code: string): boolean => CODES.has(code);
