import type { ShopMarks } from '@parmeta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { firstScreenShown } from '@/lib/first-screen';
import { useIsSignedIn } from '@/lib/session-store';
import { wishlistKeys } from './query-keys';

const NONE: ShopMarks = { wished: [], alerts: [], variantAlerts: [] };

/** The member's hearts and waiting back-in-stock requests, as ids: one small answer for every card on a page. Changed only by this member, so kept a while. */
export const marksQueryOptions = () =>
  queryOptions({
    queryKey: wishlistKeys.marks(),
    // The hearts show unpressed meanwhile: after the page's first screen (lib/first-screen.ts).
    queryFn: ({ signal }) => firstScreenShown().then(() => callApi('shopMarks', {}, { signal })),
    staleTime: 60_000,
  });

/** Sets for lookups; empty until the answer is in (hearts show as not pressed meanwhile). `signedIn`: a visitor (an open catalog) has no marks to show and no heart to press. */
export function useMarks() {
  const signedIn = useIsSignedIn();
  const { data = NONE } = useQuery({ ...marksQueryOptions(), enabled: signedIn });
  return { signedIn, wished: new Set(data.wished), alerts: new Set(data.alerts), variantAlerts: new Set(data.variantAlerts) };
}
