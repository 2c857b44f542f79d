/**
 * The cart: what the buyer put in it, by supplier (each supplier's products and their
 * sum), then the totals by category and the whole. Every change is a plain POST form
 * (without JavaScript the portal answers with this page again); the hydrated app sends
 * the same form as JSON and shows the cart the users API answers, without a reload.
 * A price says what it is of and whether it includes VAT; totals add only what adds up
 * (issue 46, item 10): quantities per unit (`3 пари, 2 штуки`, never pairs and pieces in
 * one number), money per currency and VAT rule (a sum with VAT beside one without).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n/react';
import { usePageState } from '../../state';
import { dataOf } from '../../lib/data';
import { localizedPath } from '../../lib/paths';
import { fetchCsrf, formFields, sendForm, type FormOutcome } from '../../lib/account';
import { formatMoney, formatNumber } from '../../lib/format';
import { cartPath, categoryPath, localized, marketPath, priceTerms, productPath, type Product, type Unit } from '../../lib/market';
import { vatNote } from '../../lib/price';
import { quantityText } from '../../records/parts';
import type { Language } from '../../contract';
import { AppLink } from '../../components/AppLink/AppLink';
import { ExternalLink } from '../../components/ExternalLink/ExternalLink';
import { setCartCount } from '../../components/CartLink/cartCount';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { available, cartErrorMessage, cartOf, MAX_QUANTITY, type Cart as CartAnswer, type CartItem, type CartOutcome } from '../../components/AddToCart/cart';

/** Money of one currency under one VAT rule (`vat` absent: the price does not say). */
interface Sum {
  currency: string;
  vat?: boolean;
  amount: number;
}

/** A quantity of one unit (absent: the product names none). */
interface Quantity {
  unit?: Unit;
  quantity: number;
}

/** Items and sums of one group (a supplier, a category), in the cart's order. */
interface Group {
  key: string;
  label: string;
  identifier?: string;
  items: CartItem[];
  /** The available items' money with a price, by currency and VAT rule, first met first. */
  sums: Map<string, Sum>;
  /** The available items' quantities by unit (its code, else its name), first met first. */
  quantities: Map<string, Quantity>;
}

const lineSum = (item: CartItem): Sum | null => {
  const value = item.product?.value;
  if (!available(item) || typeof value?.amount !== 'number' || !Number.isFinite(value.amount)) return null;
  const vat = value.valueAddedTaxIncluded;
  return { currency: (typeof value.currency === 'string' && value.currency) || 'UAH', ...(typeof vat === 'boolean' ? { vat } : {}), amount: value.amount * item.quantity };
};

/** Money adds up only within a currency and a VAT rule. */
const sumKey = (s: Sum) => `${s.currency.toUpperCase()} ${s.vat ?? ''}`;

/** Quantities add up only within a unit: its UN/CEFACT code, else its name. */
const unitKey = (unit: Unit | undefined) => {
  const code = typeof unit?.code === 'string' ? unit.code.trim() : '';
  return code || (typeof unit?.name === 'string' ? unit.name.trim().toLowerCase() : '');
};

/** The cart's items grouped by `keyOf`, first-added first; sums and quantities over available items. */
export function groupItems(items: CartItem[], keyOf: (item: CartItem) => { key: string; label: string; identifier?: string }): Group[] {
  const groups = new Map<string, Group>();
  for (const item of items) {
    const { key, label, identifier } = keyOf(item);
    let group = groups.get(key);
    if (!group) {
      group = { key, label, identifier, items: [], sums: new Map(), quantities: new Map() };
      groups.set(key, group);
    }
    group.items.push(item);
    const sum = lineSum(item);
    if (sum) {
      const had = group.sums.get(sumKey(sum));
      group.sums.set(sumKey(sum), had ? { ...had, amount: had.amount + sum.amount } : sum);
    }
    if (available(item)) {
      const unit = item.product?.unit ?? undefined;
      const had = group.quantities.get(unitKey(unit));
      group.quantities.set(unitKey(unit), had ? { ...had, quantity: had.quantity + item.quantity } : { unit, quantity: item.quantity });
    }
  }
  return [...groups.values()];
}

const supplierOf = (t: TFunction) => (item: CartItem) => {
  const supplier = item.product?.supplier;
  const id = supplier?.identifier?.id;
  return { key: id ?? '', label: supplier?.name || supplier?.identifier?.legalName || t('cart.noSupplier'), identifier: id };
};

const categoryOf = (t: TFunction, language: Language) => (item: CartItem) => {
  const product = item.product;
  const id = product?.relatedCategory;
  const cpv = product?.classification;
  const name = cpv && localized(language, cpv.description, cpv.description_en);
  return { key: id ?? '', label: id ? [cpv?.id, name].filter(Boolean).join(' ') || id : t('cart.noCategory'), identifier: id };
};

/** `1 234,00 грн з ПДВ`: an amount and, when its prices say, whether it includes VAT. */
const sumText = (s: Sum, t: TFunction, language: Language) => [formatMoney(s.amount, s.currency, language), vatNote(t, s.vat)].filter(Boolean).join(' ');

/** A group's money: one sum, or a list of those that do not add up (currencies, VAT rules). */
function Sums({ sums, t, language }: { sums: Map<string, Sum>; t: TFunction; language: Language }) {
  if (!sums.size) return <>—</>;
  const all = [...sums.entries()];
  if (all.length === 1) return <>{sumText(all[0][1], t, language)}</>;
  return (
    <ul className="cart-sums">
      {all.map(([key, s]) => <li key={key}>{sumText(s, t, language)}</li>)}
    </ul>
  );
}

/** A group's quantities, one per unit: `3 пари, 2 штуки` (a product without a unit: its number alone). */
const quantitiesText = (quantities: Map<string, Quantity>, t: TFunction, language: Language) =>
  quantities.size ? [...quantities.values()].map((q) => quantityText(q, t, language)).join(', ') : '—';

/** What a price is of and whether it includes VAT, after it: ` з ПДВ за пару`. */
const PriceTerms = ({ text }: { text: string }) => (text ? <span className="cart-terms">{` ${text}`}</span> : null);

const title = (product: Product | null, language: Language, fallback: string) =>
  (product && localized(language, product.title, product.title_en)) || fallback;

export default function Cart() {
  const { t } = useTranslation();
  const state = usePageState();
  const [query] = useSearchParams();
  const language = state.language;
  const answer = cartOf(dataOf<unknown>(state, 'cart', (body) => body));
  const [cart, setCart] = useState<CartAnswer>(answer ?? { items: [] });
  // The server's page after a navigation or a reload replaces what the app held.
  useEffect(() => setCart(answer ?? { items: [] }), [answer]);
  useEffect(() => setCartCount(cart), [cart]);
  const [outcome, setOutcome] = useState<(FormOutcome & { productId?: string; action?: string }) | null>(() => {
    const form = dataOf<FormOutcome>(state, 'form');
    return form ? { ...form, productId: form.values?.productId } : null;
  });
  const [busy, setBusy] = useState(false);
  const action = localizedPath(language, cartPath);
  // What the server's redirect says was done (a change without JavaScript): said once.
  // The flag leaves the address at once, so that a reload or a later visit does not
  // say it again, and any later change replaces it.
  const [done, setDone] = useState(() => (['added', 'changed', 'removed', 'emptied'] as const).find((k) => query.get(k) === '1'));
  useEffect(() => {
    if (done) window.history.replaceState(window.history.state, '', localizedPath(language, cartPath));
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = formFields(form);
    // The button pressed says what to do (update or remove).
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.name) fields[submitter.name] = submitter.value;
    // What an earlier change said does not stay beside this one.
    setDone(undefined);
    setOutcome(null);
    if (!fields._csrf) fields._csrf = await fetchCsrf();
    setBusy(true);
    const result: CartOutcome = await sendForm(action, fields);
    setBusy(false);
    setOutcome({ ...result, productId: fields.productId, action: fields.action });
    if (result.ok && result.cart) setCart(result.cart);
  }

  const suppliers = groupItems(cart.items, supplierOf(t));
  const categories = groupItems(cart.items, categoryOf(t, language));
  const whole = groupItems(cart.items, () => ({ key: '', label: '' }))[0];
  const error = outcome && !outcome.ok ? cartErrorMessage(t, outcome.error, outcome.field) : null;
  const DONE: Record<string, string> = { set: 'cart.changed', remove: 'cart.removed', empty: 'cart.emptied' };
  // Added without JavaScript: the redirect says that much, not how many (`cart.added` counts).
  const message = outcome?.ok
    ? t(DONE[outcome.action ?? ''] ?? 'cart.saved')
    : done && !outcome
      ? t(done === 'added' ? 'cart.addedDone' : `cart.${done}`)
      : '';
  const oldSite = state.config.endpoints.oldSite.replace(/\/+$/, '');

  return (
    <section className="container page-cart" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">{t('pages.cart.title')}</h1>
      {/* The live region is always there (a change is announced); it shows only with a message. */}
      <p className={message ? 'form-note' : 'visually-hidden'} role="status">
        {message}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {cart.items.length === 0 ? (
        <EmptyState title={t('cart.emptyTitle')} text={t('cart.emptyText')} action={{ label: t('cart.toMarket'), to: marketPath }} />
      ) : (
        <>
          {suppliers.map((group) => (
            <section key={group.key} className="cart-group" aria-labelledby={`supplier-${group.key || 'none'}`}>
              <h2 id={`supplier-${group.key || 'none'}`}>
                {group.label}
                {group.identifier && <span className="cart-identifier"> · {t('cart.edrpou')} {group.identifier}</span>}
              </h2>
              <table className="cart-table">
                <caption className="visually-hidden">{t('cart.supplierCaption', { name: group.label })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('cart.product')}</th>
                    <th scope="col">{t('cart.price')}</th>
                    <th scope="col">{t('cart.quantity')}</th>
                    <th scope="col">{t('cart.lineTotal')}</th>
                  </tr>
                </thead>
                <tbody>
                  {group.items.map((item) => {
                    const name = title(item.product, language, item.productId);
                    const value = item.product?.value;
                    const sum = lineSum(item);
                    const fieldId = `quantity-${item.productId}`;
                    return (
                      <tr key={item.productId} className={available(item) ? undefined : 'cart-unavailable'}>
                        <th scope="row">
                          {item.product ? <AppLink to={productPath(item.productId)}>{name}</AppLink> : name}
                          {!available(item) && <span className="cart-note"> {t('cart.unavailable')}</span>}
                        </th>
                        <td>
                          {typeof value?.amount === 'number' ? formatMoney(value.amount, value.currency || 'UAH', language) : '—'}
                          {typeof value?.amount === 'number' && item.product && <PriceTerms text={priceTerms(t, item.product, language)} />}
                        </td>
                        <td>
                          <form className="cart-item-form" method="post" action={action} onSubmit={submit}>
                            <input type="hidden" name="_csrf" value={state.csrf ?? ''} />
                            <input type="hidden" name="productId" value={item.productId} />
                            {available(item) && (
                              <>
                                <label className="visually-hidden" htmlFor={fieldId}>{t('cart.quantityOf', { name })}</label>
                                <input
                                  id={fieldId}
                                  key={`${item.productId}-${item.quantity}`}
                                  type="number"
                                  name="quantity"
                                  min={1}
                                  max={MAX_QUANTITY}
                                  step={1}
                                  inputMode="numeric"
                                  defaultValue={item.quantity}
                                  required
                                />
                                <button type="submit" name="action" value="set" className="button" disabled={busy}>
                                  {t('cart.update')}
                                  <span className="visually-hidden"> {name}</span>
                                </button>
                              </>
                            )}
                            {!available(item) && <span>{formatNumber(item.quantity, 0, language)}</span>}
                            <button type="submit" name="action" value="remove" className="button button-link" disabled={busy} formNoValidate>
                              {t('cart.remove')}
                              <span className="visually-hidden"> {name}</span>
                            </button>
                          </form>
                          {outcome && !outcome.ok && outcome.productId === item.productId && (
                            <p className="form-error">{error}</p>
                          )}
                        </td>
                        <td>{sum ? sumText(sum, t, language) : '—'}</td>
                      </tr>
                    );
                  })}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={3}>{t('cart.supplierTotal')}</th>
                    <td><Sums sums={group.sums} t={t} language={language} /></td>
                  </tr>
                </tfoot>
              </table>
            </section>
          ))}
          <section className="cart-summary" aria-labelledby="cart-by-category">
            <h2 id="cart-by-category">{t('cart.byCategory')}</h2>
            <table className="cart-table">
              <thead>
                <tr>
                  <th scope="col">{t('cart.category')}</th>
                  <th scope="col">{t('cart.items')}</th>
                  <th scope="col">{t('cart.sum')}</th>
                </tr>
              </thead>
              <tbody>
                {categories.map((group) => (
                  <tr key={group.key}>
                    <th scope="row">{group.identifier ? <AppLink to={categoryPath(group.identifier)}>{group.label}</AppLink> : group.label}</th>
                    <td>{quantitiesText(group.quantities, t, language)}</td>
                    <td><Sums sums={group.sums} t={t} language={language} /></td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('cart.total')}</th>
                  <td>{quantitiesText(whole?.quantities ?? new Map(), t, language)}</td>
                  <td className="cart-total"><Sums sums={whole?.sums ?? new Map()} t={t} language={language} /></td>
                </tr>
              </tfoot>
            </table>
          </section>
          <section className="cart-next" aria-labelledby="cart-next">
            <h2 id="cart-next">{t('cart.nextTitle')}</h2>
            <p>{t('cart.nextText')}</p>
            <p className="cart-actions">
              <ExternalLink className="button button-primary" href={`${oldSite}/cabinet/tenders`}>
                {t('cart.nextLink')}
              </ExternalLink>
            </p>
            <form className="cart-empty-form" method="post" action={action} onSubmit={submit}>
              <input type="hidden" name="_csrf" value={state.csrf ?? ''} />
              <button type="submit" name="action" value="empty" className="button" disabled={busy}>
                {t('cart.empty')}
              </button>
            </form>
          </section>
        </>
      )}
    </section>
  );
}
