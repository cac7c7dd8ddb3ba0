import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';

/** The two routes that mail a link to an address; both answer the same whether or not the account exists. */
const routes = { verify: 'resendVerify', reset: 'sendResetPassword' } as const;

export type EmailLinkRequest = keyof typeof routes;

export const sendEmailLink = (request: EmailLinkRequest, email: string) => callRoute(routes[request], { query: { email } });

export const useSendEmailLink = (request: EmailLinkRequest) => useMutation({ mutationFn: (email: string) => sendEmailLink(request, email) });
