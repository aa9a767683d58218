/**
 * Who really asked: a claimed crawler verified by its operator's published IP ranges or by
 * forward-confirmed reverse DNS, and the addresses and range lists that takes.
 */
export { CrawlerVerifier, forwardConfirmedReverseDns, hostnameUnder, uncheckedReason } from './verification';
export type { RequestVerification, ReverseDnsResolver, VerificationEvidence, VerificationStatus, VerifierOptions } from './verification';
export { acceptIpRangeList, crawlersForRangeList, parseIpRangeList, RANGE_LIST_SOURCES, rangeListFileName } from './ranges';
export type { IpRangeList, RangeListSource } from './ranges';
export { formatIp, IpPrefixSet, parseCidr, parseIp, reverseName, sameIp } from './ip';
export type { IpAddress, IpPrefix } from './ip';
