/** Query keys of the market. Everything under 'market' is refetched after a purchase or a listing change. */
export const marketKeys = {
  all: ['market'] as const,
  list: (body: object) => ['market', 'list', body] as const,
  nft: (id: number) => ['market', 'nft', id] as const,
  mine: (userName: string) => ['market', 'mine', userName] as const,
};
