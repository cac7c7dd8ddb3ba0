export const SHIPPING = {
  shipping_name: 'Somchai Jaidee',
  shipping_email: 'somchai@example.test',
  shipping_contact: '+66812345678',
  shipping_address1: '99 Sukhumvit Road',
  shipping_address2: '',
  shipping_district: 'Watthana',
  shipping_subDistrict: 'Khlong Toei Nuea',
  shipping_state: 'Bangkok',
  shipping_zip: '10110',
  shipping_country: { value: 'TH', label: 'Thailand' },
};

type Member = { auth: Record<string, string> };
type Injector = { inject: (opts: { method: 'POST'; url: string; headers: Record<string, string>; payload: object }) => Promise<{ statusCode: number; body: string; json: () => { data: { orderNo: string } } }> };

/**
 * An order of `productId` taken the whole way through the real calls: created, paid with par
 * (the member needs the par), shipped and delivered by `admin`. Answers the order number.
 */
export async function deliveredOrder(app: Injector, member: Member, admin: Member, productId: number, qty = 1): Promise<string> {
  const post = async (url: string, who: Member, payload: object) => {
    const res = await app.inject({ method: 'POST', url: `/api${url}`, headers: who.auth, payload });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const { orderNo } = (await post('/ecommerce/CreateEcomOrder', member, { list: [{ id: productId, qty }], shipping: SHIPPING })).json().data;
  await post('/ecommerce/paid_order', member, { orderNo, method: 'par' });
  await post('/admin/orders/ship', admin, { orderNo, carrier: 'thailand-post', trackingNo: 'TH123456' });
  await post('/admin/orders/deliver', admin, { orderNo });
  return orderNo;
}
