import { describe, expect, it } from 'vitest';
import {
  CATEGORY_LIST, MAX_LINKS, MAX_REQUIREMENTS, MAX_VALUES, PRODUCT_LIST, PROFILE_LIST, REQUIREMENT_PRODUCTS,
  emptyMarketFilters, marketApiPath, marketDefaultSort, marketPerPage, marketSorts, parseMarketFilters, scopeOf, serializeMarketFilters,
  type MarketScope,
} from './filters';

const parse = (q: string, scope: MarketScope = REQUIREMENT_PRODUCTS) => parseMarketFilters(new URLSearchParams(q), scope);
const canon = (q: string, scope: MarketScope = REQUIREMENT_PRODUCTS) => serializeMarketFilters(parse(q, scope), scope.list);
const decoded = (q: string) => decodeURIComponent(q);

describe('market filters codec', () => {
  it('leaves out the defaults: no filter is an empty query', () => {
    expect(parse('')).toEqual(emptyMarketFilters());
    expect(canon('')).toBe('');
    expect(canon('sortOrder=popularity.desc&page=1&keyword=%20%20')).toBe('');
  });

  it('writes the requirement filters as the upstream reads them, in one order', () => {
    const q =
      'booleanRequirements[0][requirement]=Стерильний&booleanRequirements[0][value]=false' +
      '&numberRequirements[5][requirement]=Об\'єм&numberRequirements[5][minValue]=10&numberRequirements[5][maxValue]=20' +
      '&textRequirements[2][requirement]=Розмір голки&textRequirements[2][values][1]=25G&textRequirements[2][values][0]=22G' +
      '&keyword=шприц&page=2&sortOrder=value.asc';
    expect(decoded(canon(q))).toBe(
      'keyword=шприц' +
        '&textRequirements[0][requirement]=Розмір голки&textRequirements[0][values][0]=22G&textRequirements[0][values][1]=25G' +
        "&numberRequirements[0][requirement]=Об'єм&numberRequirements[0][minValue]=10&numberRequirements[0][maxValue]=20" +
        '&booleanRequirements[0][requirement]=Стерильний&booleanRequirements[0][value]=false' +
        '&sortOrder=value.asc&page=2',
    );
    // Names and values are percent-encoded: no raw bracket or space in the URL.
    expect(canon(q)).toContain('textRequirements%5B0%5D%5Brequirement%5D=%D0%A0');
    // Only what a URL's query may hold as it is (`'` may stay).
    expect(canon(q)).toMatch(/^[\w.~!$&'()*+,;=%-]*$/);
  });

  it('reads raw and encoded brackets alike', () => {
    const raw = 'market_classification[0]=30190000-7&relatedCategoryId[]=c-1&textRequirements[0][requirement]=A&textRequirements[0][values][0]=v';
    const encoded = raw.replace(/\[/g, '%5B').replace(/\]/g, '%5D');
    for (const scope of [PRODUCT_LIST, REQUIREMENT_PRODUCTS]) expect(canon(encoded, scope)).toBe(canon(raw, scope));
    expect(canon(encoded, PRODUCT_LIST)).toBe('market_classification%5B0%5D=30190000-7&relatedCategoryId%5B0%5D=c-1');
  });

  it('gives equal filters equal URLs whatever the order, indexes and duplicates they came in', () => {
    const a = canon(
      'textRequirements[0][requirement]=Колір&textRequirements[0][values][0]=синій&textRequirements[0][values][1]=білий' +
        '&textRequirements[1][requirement]=Формат&textRequirements[1][values][0]=А4' +
        '&numberRequirements[0][requirement]=Щільність&numberRequirements[0][minValue]=80',
    );
    const b = canon(
      'numberRequirements[7][requirement]=Щільність&numberRequirements[7][minValue]=80,0' +
        '&textRequirements[9][requirement]=Формат&textRequirements[9][values][]=А4' +
        '&textRequirements[3][requirement]=Колір&textRequirements[3][values][4]=білий&textRequirements[3][values][2]=синій&textRequirements[3][values][3]=білий',
    );
    expect(a).toBe(b);
    // Requirements sorted by title; values sorted and unique.
    const f = parse(b);
    expect(f.text.map((r) => r.requirement)).toEqual(['Колір', 'Формат']);
    expect(f.text[0].values).toEqual(['білий', 'синій']);
    expect(f.number).toEqual([{ requirement: 'Щільність', minValue: 80 }]);
  });

  it('round-trips: parsing its own output gives the same filters', () => {
    const q =
      'keyword=папір&textRequirements[0][requirement]=Формат&textRequirements[0][values][0]=А3&textRequirements[0][values][1]=А4' +
      '&numberRequirements[0][requirement]=Щільність&numberRequirements[0][value]=80&numberRequirements[0][minValue]=-5.5&numberRequirements[0][maxValue]=120' +
      '&booleanRequirements[0][requirement]=Перероблений&booleanRequirements[0][value]=true&sortOrder=title.asc&page=3';
    const f = parse(q);
    expect(parse(serializeMarketFilters(f, 'products'))).toEqual(f);
    expect(serializeMarketFilters(parse(serializeMarketFilters(f, 'products')), 'products')).toBe(serializeMarketFilters(f, 'products'));
    for (const [scope, query] of [
      [CATEGORY_LIST, 'keyword=a&market_classification[0]=30190000-7&sortOrder=dateModified.desc&page=2'],
      [PROFILE_LIST, 'market_classification=30190000&relatedCategoryId[]=30197630-0001-43405528'],
      [PRODUCT_LIST, 'relatedProfileIds=bab2f4db782e14f7d650a69bdb65a902,0e0df77fff457c8a3cb263d824a532ad&sortOrder=value.desc'],
    ] as const) {
      const g = parse(query, scope);
      expect(parse(serializeMarketFilters(g, scope.list), scope), query).toEqual(g);
    }
  });

  it('drops what the upstream would refuse, and requirements without a value', () => {
    const f = parse(
      // No title; a title alone (the form's hidden field); not numbers; minValue above maxValue.
      'textRequirements[0][values][0]=А4' +
        '&textRequirements[1][requirement]=Формат' +
        '&numberRequirements[0][requirement]=Щільність&numberRequirements[0][minValue]=abc' +
        '&numberRequirements[1][requirement]=Вага&numberRequirements[1][minValue]=1e5&numberRequirements[1][maxValue]=Infinity' +
        '&numberRequirements[2][requirement]=Об\'єм&numberRequirements[2][minValue]=50&numberRequirements[2][maxValue]=10' +
        '&numberRequirements[3][minValue]=1' +
        // Booleans: only true/false/1/0; 'any' is no filter.
        '&booleanRequirements[0][requirement]=Стерильний&booleanRequirements[0][value]=yes' +
        '&booleanRequirements[1][requirement]=Одноразовий&booleanRequirements[1][value]=1' +
        '&booleanRequirements[2][requirement]=Латекс&booleanRequirements[2][value]=' +
        '&booleanRequirements[3][value]=true' +
        // Unknown sort orders, price sort outside products, bad pages.
        '&sortOrder=price.asc&page=0',
    );
    expect(f.text).toEqual([]);
    // The upper bound below the lower one goes; 1e5 is no plain decimal.
    expect(f.number).toEqual([{ requirement: "Об'єм", minValue: 50 }]);
    expect(f.boolean).toEqual([{ requirement: 'Одноразовий', value: true }]);
    expect(f.sortOrder).toBe('popularity.desc');
    expect(f.page).toBe(1);
    expect(parse('sortOrder=value.asc', CATEGORY_LIST).sortOrder).toBe('popularity.desc');
    expect(parse('sortOrder=value.asc', PRODUCT_LIST).sortOrder).toBe('value.asc');
    // Link filters: CPV codes only; ids without commas or spaces.
    const links = parse('market_classification[0]=office&market_classification[1]=3019&market_classification[2]=30190000-7&relatedCategoryId=a b&relatedCategoryId=ok-1', PRODUCT_LIST);
    expect(links.classifications).toEqual(['30190000-7']);
    expect(links.categories).toEqual(['ok-1']);
    // A decimal comma is read as the upstream reads it, and written with a dot.
    expect(parse('numberRequirements[0][requirement]=Об\'єм&numberRequirements[0][value]=2,5').number).toEqual([{ requirement: "Об'єм", value: 2.5 }]);
    expect(parse('numberRequirements[0][requirement]=Об\'єм&numberRequirements[0][minValue]=1 000').number).toEqual([{ requirement: "Об'єм", minValue: 1000 }]);
    expect(parse('numberRequirements[0][requirement]=Об\'єм&numberRequirements[0][minValue]=10 мл').number).toEqual([]);
  });

  it('keeps the page within the 10,000-result window', () => {
    expect(parse('page=5000', PRODUCT_LIST).page).toBe(Math.floor(10000 / 24));
    expect(parse('page=5000', PROFILE_LIST).page).toBe(500);
    expect(parse('page=2.5', PRODUCT_LIST).page).toBe(1);
  });

  it('is bounded: requirements per kind, values, links and lengths', () => {
    const many = Array.from({ length: 50 }, (_, i) => `textRequirements[${i}][requirement]=R${String(i).padStart(2, '0')}&textRequirements[${i}][values][0]=v`).join('&');
    expect(parse(many).text).toHaveLength(MAX_REQUIREMENTS);
    const values = Array.from({ length: 60 }, (_, i) => `textRequirements[0][values][${i}]=v${String(i).padStart(2, '0')}`).join('&');
    expect(parse(`textRequirements[0][requirement]=R&${values}`).text[0].values).toHaveLength(MAX_VALUES);
    const long = 'x'.repeat(201);
    expect(parse(`textRequirements[0][requirement]=${long}&textRequirements[0][values][0]=v`).text).toEqual([]);
    expect(parse(`textRequirements[0][requirement]=R&textRequirements[0][values][0]=${long}`).text).toEqual([]);
    expect(parse(`keyword=${'к'.repeat(500)}`).keyword).toHaveLength(200);
    const ids = Array.from({ length: 40 }, (_, i) => `relatedCategoryId[${i}]=c${String(i).padStart(2, '0')}`).join('&');
    expect(parse(ids, PRODUCT_LIST).categories).toHaveLength(MAX_LINKS);
    // Indexes past four digits are not the upstream's lists.
    expect(parse('booleanRequirements[99999][requirement]=A&booleanRequirements[99999][value]=true').boolean).toEqual([]);
  });

  it('reads only the filters of the page: lists take links, requirement pages take requirements', () => {
    expect([scopeOf('categoryList'), scopeOf('profileList'), scopeOf('productList'), scopeOf('category'), scopeOf('profile')]).toEqual([
      CATEGORY_LIST, PROFILE_LIST, PRODUCT_LIST, REQUIREMENT_PRODUCTS, REQUIREMENT_PRODUCTS,
    ]);
    const q = 'market_classification[0]=30190000-7&relatedCategoryId[0]=c-1&relatedProfileIds=p1&booleanRequirements[0][requirement]=A&booleanRequirements[0][value]=true';
    expect(decoded(canon(q, CATEGORY_LIST))).toBe('market_classification[0]=30190000-7');
    expect(decoded(canon(q, PROFILE_LIST))).toBe('market_classification[0]=30190000-7&relatedCategoryId[0]=c-1');
    expect(decoded(canon(q, PRODUCT_LIST))).toBe('market_classification[0]=30190000-7&relatedCategoryId[0]=c-1&relatedProfileIds=p1');
    expect(decoded(canon(q, REQUIREMENT_PRODUCTS))).toBe('booleanRequirements[0][requirement]=A&booleanRequirements[0][value]=true');
  });

  it('asks the upstream with the page link, the filters and full paging (SPEC §9 sizes)', () => {
    expect(marketPerPage('products')).toBe(24);
    expect(marketPerPage('categories')).toBe(24);
    expect(marketPerPage('profiles')).toBe(20);
    expect(marketSorts('products')).toContain('value.asc');
    expect(marketSorts('profiles')).not.toContain('value.asc');
    expect(marketApiPath('categories', parse('', CATEGORY_LIST))).toBe('/api/categories?page=1&perPage=24&sortOrder=popularity.desc');
    expect(
      decoded(marketApiPath('products', parse('booleanRequirements[0][requirement]=Стерильний&booleanRequirements[0][value]=0&page=2'), 'relatedCategoryId[0]=c-1')),
    ).toBe('/api/products?relatedCategoryId[0]=c-1&booleanRequirements[0][requirement]=Стерильний&booleanRequirements[0][value]=false&page=2&perPage=24&sortOrder=popularity.desc');
  });

  it('orders a keyword\'s products by relevance unless the URL names another order; other lists by popularity', () => {
    const paper = `keyword=${encodeURIComponent('папір А4')}`;
    for (const scope of [PRODUCT_LIST, REQUIREMENT_PRODUCTS]) {
      expect(parse(paper, scope).sortOrder).toBe('relevance');
      // The default is left out: `sortOrder=relevance` is the same address as none.
      expect(canon(`${paper}&sortOrder=relevance`, scope)).toBe(paper);
      // Popularity chosen with a keyword is not the default there: it is written.
      expect(canon(`${paper}&sortOrder=popularity.desc`, scope)).toBe(`${paper}&sortOrder=popularity.desc`);
      // Without words, relevance is no order.
      expect(parse('sortOrder=relevance', scope).sortOrder).toBe('popularity.desc');
      expect(canon('keyword=%E2%80%94&sortOrder=relevance', scope)).toBe('keyword=%E2%80%94');
    }
    // Categories and profiles have no relevance: popularity stays their default with a keyword.
    for (const scope of [CATEGORY_LIST, PROFILE_LIST]) {
      expect(parse(`${paper}&sortOrder=relevance`, scope).sortOrder).toBe('popularity.desc');
      expect(canon(`${paper}&sortOrder=popularity.desc`, scope)).toBe(paper);
      expect(marketSorts(scope.list, 'папір')).not.toContain('relevance');
    }
    expect(marketSorts('products', 'папір')[0]).toBe('relevance');
    expect(marketSorts('products')).not.toContain('relevance');
    expect([marketDefaultSort('products', 'папір'), marketDefaultSort('products', ''), marketDefaultSort('categories', 'папір')]).toEqual(['relevance', 'popularity.desc', 'popularity.desc']);
    // The upstream is always told the order.
    expect(decoded(marketApiPath('products', parse(paper, PRODUCT_LIST)))).toBe('/api/products?keyword=папір А4&page=1&perPage=24&sortOrder=relevance');
    expect(decoded(marketApiPath('categories', parse(paper, CATEGORY_LIST)))).toBe('/api/categories?keyword=папір А4&page=1&perPage=24&sortOrder=popularity.desc');
  });

  it('round-trips `exact=1` on product lists and asks the upstream with `exact=true`', () => {
    const f = parse('keyword=%D0%BF%D0%B0%D0%BF%D1%96%D1%80&exact=1&page=2', PRODUCT_LIST);
    expect(f.exact).toBe(true);
    const q = serializeMarketFilters(f, 'products');
    expect(q).toBe('keyword=%D0%BF%D0%B0%D0%BF%D1%96%D1%80&exact=1&page=2');
    expect(parse(q, PRODUCT_LIST)).toEqual(f);
    expect(marketApiPath('products', f, 'relatedCategoryId[0]=c-1')).toBe('/api/products?relatedCategoryId[0]=c-1&keyword=%D0%BF%D0%B0%D0%BF%D1%96%D1%80&exact=true&page=2&perPage=24&sortOrder=relevance');
    // Not without words, not where there is no typo fallback to turn off.
    expect(parse('exact=1', PRODUCT_LIST).exact).toBeUndefined();
    expect(parse('keyword=x&exact=1', CATEGORY_LIST).exact).toBeUndefined();
    expect(canon('keyword=x&exact=0', PRODUCT_LIST)).toBe('keyword=x');
  });
});
