/**
 * The carriers an admin can ship with, and where each one's parcels are tracked. The admin's
 * ship dialog offers these; an order's answer links its tracking number to the carrier's page.
 * `{trackingNo}` in a template is replaced by the (URL-encoded) tracking number.
 */
export const CARRIERS = [
  { id: 'thailand-post', name: 'Thailand Post', trackingUrl: 'https://track.thailandpost.co.th/?trackNumber={trackingNo}' },
  { id: 'dhl-express', name: 'DHL Express', trackingUrl: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={trackingNo}' },
  { id: 'fedex', name: 'FedEx', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr={trackingNo}' },
  { id: 'ups', name: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum={trackingNo}' },
  { id: 'usps', name: 'USPS', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={trackingNo}' },
  { id: 'royal-mail', name: 'Royal Mail', trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/{trackingNo}' },
] as const;

export type Carrier = (typeof CARRIERS)[number];
export type CarrierId = Carrier['id'];
export const CARRIER_IDS = CARRIERS.map((c) => c.id) as [CarrierId, ...CarrierId[]];

/**
 * A stored carrier: an id of the list, or (orders shipped before the list) the name an admin
 * typed, matched to a known carrier by its name where it is one.
 */
export function findCarrier(stored: string | null): Carrier | undefined {
  if (!stored) return undefined;
  const key = stored.trim().toLowerCase();
  return CARRIERS.find((c) => c.id === key || c.name.toLowerCase() === key);
}

/** The page where the parcel is tracked, or null for a carrier not on the list. */
export function trackingUrl(carrier: string | null, trackingNo: string | null): string | null {
  const known = findCarrier(carrier);
  return known && trackingNo ? known.trackingUrl.replace('{trackingNo}', encodeURIComponent(trackingNo)) : null;
}

/** How a stored carrier is shown: its name, or what was typed for one not on the list. */
export const carrierName = (stored: string | null): string | null => findCarrier(stored)?.name ?? stored;
