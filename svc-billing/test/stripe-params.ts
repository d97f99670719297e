import fs from 'node:fs';
import path from 'node:path';

/**
 * The parameters Stripe accepts on each endpoint the test server answers, read from the installed SDK's own types
 * (its `…Params` interfaces are generated from Stripe's OpenAPI description). Stripe refuses any other parameter with
 * 400 `parameter_unknown`, and so does the test server.
 */
const ENDPOINT_PARAMS: Array<[method: string, route: RegExp, file: string, params: string]> = [
  ['POST', /^\/v1\/customers$/, 'Customers', 'CustomerCreateParams'],
  ['GET', /^\/v1\/customers\/[^/]+$/, 'Customers', 'CustomerRetrieveParams'],
  ['DELETE', /^\/v1\/customers\/[^/]+$/, 'Customers', 'CustomerDeleteParams'],
  ['GET', /^\/v1\/prices$/, 'Prices', 'PriceListParams'],
  ['POST', /^\/v1\/prices$/, 'Prices', 'PriceCreateParams'],
  ['GET', /^\/v1\/coupons\/[^/]+$/, 'Coupons', 'CouponRetrieveParams'],
  ['POST', /^\/v1\/coupons$/, 'Coupons', 'CouponCreateParams'],
  ['POST', /^\/v1\/subscriptions$/, 'Subscriptions', 'SubscriptionCreateParams'],
  ['GET', /^\/v1\/subscriptions$/, 'Subscriptions', 'SubscriptionListParams'],
  ['GET', /^\/v1\/subscriptions\/[^/]+$/, 'Subscriptions', 'SubscriptionRetrieveParams'],
  ['POST', /^\/v1\/subscriptions\/[^/]+$/, 'Subscriptions', 'SubscriptionUpdateParams'],
  ['DELETE', /^\/v1\/subscriptions\/[^/]+$/, 'Subscriptions', 'SubscriptionCancelParams'],
  ['GET', /^\/v1\/invoices$/, 'Invoices', 'InvoiceListParams'],
  ['GET', /^\/v1\/invoices\/[^/]+$/, 'Invoices', 'InvoiceRetrieveParams'],
  ['GET', /^\/v1\/invoice_payments$/, 'InvoicePayments', 'InvoicePaymentListParams'],
  ['GET', /^\/v1\/prices\/[^/]+$/, 'Prices', 'PriceRetrieveParams'],
  ['POST', /^\/v1\/tax_rates$/, 'TaxRates', 'TaxRateCreateParams'],
  ['GET', /^\/v1\/tax_rates$/, 'TaxRates', 'TaxRateListParams'],
  ['GET', /^\/v1\/tax_rates\/[^/]+$/, 'TaxRates', 'TaxRateRetrieveParams'],
  ['POST', /^\/v1\/setup_intents$/, 'SetupIntents', 'SetupIntentCreateParams'],
  ['GET', /^\/v1\/setup_intents\/[^/]+$/, 'SetupIntents', 'SetupIntentRetrieveParams'],
  ['POST', /^\/v1\/setup_intents\/[^/]+\/cancel$/, 'SetupIntents', 'SetupIntentCancelParams'],
  ['GET', /^\/v1\/payment_intents\/[^/]+$/, 'PaymentIntents', 'PaymentIntentRetrieveParams'],
  ['GET', /^\/v1\/disputes\/[^/]+$/, 'Disputes', 'DisputeRetrieveParams'],
];

const PAGINATION = ['limit', 'starting_after', 'ending_before'];
const resources = path.join(path.dirname(require.resolve('stripe')), 'resources');
const known = new Map<string, Set<string>>();

/** The top-level parameter names of one `…Params` interface of the SDK's types. */
function paramsOf(file: string, name: string): Set<string> {
  const key = `${file}.${name}`;
  const cached = known.get(key);
  if (cached) return cached;
  const source = fs.readFileSync(path.join(resources, `${file}.d.ts`), 'utf8');
  const start = source.search(new RegExp(`^export interface ${name}( extends (\\w+))? \\{`, 'm'));
  if (start < 0) throw new Error(`the SDK's types have no ${name}`);
  const header = source.slice(start, source.indexOf('\n', start));
  const end = source.indexOf('\n}', start);
  const names = new Set<string>(header.includes('extends PaginationParams') ? PAGINATION : []);
  for (const match of source.slice(start, end).matchAll(/^ {4}(\w+)\??:/gm)) names.add(match[1]);
  known.set(key, names);
  return names;
}

/** The first parameter the SDK's types do not describe for this endpoint; null when all are known (or unmodelled). */
export function unknownParameter(method: string, route: string, given: Record<string, unknown>): string | null {
  const endpoint = ENDPOINT_PARAMS.find(([m, r]) => m === method && r.test(route));
  if (!endpoint) return null;
  const allowed = paramsOf(endpoint[2], endpoint[3]);
  return Object.keys(given).find((p) => !allowed.has(p)) ?? null;
}
