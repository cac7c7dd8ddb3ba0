/** The orders' cache keys: placing, paying or cancelling an order invalidates `ordersKeys.all`. */
export const ordersKeys = {
  all: ['orders'] as const,
  list: (userName: string, page: number) => ['orders', 'list', userName, page] as const,
  detail: (orderNo: string) => ['orders', 'detail', orderNo] as const,
};
