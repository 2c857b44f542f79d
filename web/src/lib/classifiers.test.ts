import { describe, expect, it } from 'vitest';
import { classificationsPath, labelFetches, nodeLabel, organisationLabel, organisationsPath, type ClassificationNode } from './classifiers';
import { ancestorsOf, sortClassifications } from './classifierTree';
import { TENDERS, parseFilters } from './filters';

const ids = (nodes: Array<{ id: string }>) => nodes.map((n) => n.id);

describe('sortClassifications', () => {
  it('sorts CPV codes by the numeric part before the hyphen, not by the string or the check digit', () => {
    const nodes = [{ id: '45000000-7' }, { id: '03000000-1' }, { id: '9000000-0' }, { id: '44000000-0' }, { id: '03100000-2' }];
    // As strings, '9000000-0' would sort last; as numbers it is 9,000,000, after 3,100,000.
    expect(ids(sortClassifications('classification', nodes))).toEqual([
      '03000000-1', '03100000-2', '9000000-0', '44000000-0', '45000000-7',
    ]);
  });

  it('ignores the check digit so equal numbers keep a stable, id-ordered place', () => {
    const nodes = [{ id: '33600000-6' }, { id: '33600000-1' }, { id: '33100000-1' }];
    expect(ids(sortClassifications('classification', nodes))).toEqual(['33100000-1', '33600000-1', '33600000-6']);
  });

  it('sorts other schemes by id with numeric collation', () => {
    const nodes = [{ id: 'M-10' }, { id: 'M-2' }, { id: 'H-01' }, { id: '1110' }, { id: '212' }];
    expect(ids(sortClassifications('road', nodes))).toEqual(['212', '1110', 'H-01', 'M-2', 'M-10']);
  });

  it('does not change its input', () => {
    const nodes = [{ id: '45000000-7' }, { id: '03000000-1' }];
    sortClassifications('classification', nodes);
    expect(ids(nodes)).toEqual(['45000000-7', '03000000-1']);
  });
});

describe('lookup paths', () => {
  it('asks for one of keyword, searchId[] or parentId, always the whole list', () => {
    expect(classificationsPath('classification')).toBe('/api/classifications?scheme=classification&page=1&perPage=10000');
    expect(classificationsPath('road', { keyword: 'Київ 1' })).toBe(
      '/api/classifications?scheme=road&page=1&perPage=10000&keyword=%D0%9A%D0%B8%D1%97%D0%B2%201',
    );
    expect(classificationsPath('classification', { searchId: ['03000000-1', '45000000-7'] })).toBe(
      '/api/classifications?scheme=classification&page=1&perPage=10000&searchId[]=03000000-1&searchId[]=45000000-7',
    );
    expect(classificationsPath('classification', { parentId: '03000000-1' })).toContain('&parentId=03000000-1');
    expect(organisationsPath('/api/tender_identifiers', { ids: ['1', '2'] })).toBe('/api/tender_identifiers?id[]=1&id[]=2&perPage=2');
    expect(organisationsPath('/api/contract_suppliers', { keyword: 'ТОВ' })).toBe('/api/contract_suppliers?keyword=%D0%A2%D0%9E%D0%92&perPage=50');
  });

  it('prefetches labels only for the pickers that have values in the URL', () => {
    const filters = parseFilters(new URLSearchParams('classification[0]=45000000-7&road[0]=M-06&supplier[0]=12345678&status[0]=complete'), { allowTestMode: false });
    expect(labelFetches(filters, TENDERS)).toEqual([
      { key: 'labels.classification', service: 'search', path: classificationsPath('classification', { searchId: ['45000000-7'] }), maxAge: 600 },
      { key: 'labels.road', service: 'search', path: classificationsPath('road', { searchId: ['M-06'] }), maxAge: 600 },
      { key: 'labels.supplier', service: 'search', path: '/api/contract_suppliers?id[]=12345678&perPage=1', maxAge: 600 },
    ]);
    expect(labelFetches(parseFilters(new URLSearchParams('keyword=x'), { allowTestMode: false }), TENDERS)).toEqual([]);
  });
});

describe('labels', () => {
  it('names a classification node by its name, else its description, blank when that is the id (SPEC §3)', () => {
    const node = { id: '03110000-5', name: 'Сільськогосподарські культури', name_en: 'Crops', description: 'Сільськогосподарські культури' };
    expect(nodeLabel(node, 'uk')).toBe('Сільськогосподарські культури');
    expect(nodeLabel(node, 'en')).toBe('Crops');
    // The upstream blanks `name` when it equals the id; the description still names the node.
    expect(nodeLabel({ id: '03110000-5', name: '', description: 'Культури' }, 'uk')).toBe('Культури');
    expect(nodeLabel({ id: '03110000-5', name: '', name_en: '', description: 'Культури' }, 'en')).toBe('Культури');
    expect(nodeLabel({ id: 'M-06', name: '', description: 'M-06' }, 'uk')).toBe('');
    expect(nodeLabel({ id: 'M-06' }, 'uk')).toBe('');
  });

  it('shows the id of an organisation without a legal name', () => {
    expect(organisationLabel({ id: '02545761', legalName: 'Київська міська рада' })).toBe('Київська міська рада');
    expect(organisationLabel({ id: '02545761', legalName: null })).toBe('02545761');
    expect(organisationLabel({ id: '02545761', legalName: '  ' })).toBe('02545761');
    expect(organisationLabel({ id: '02545761' })).toBe('02545761');
  });
});

describe('ancestorsOf', () => {
  const tree: Record<string, ClassificationNode> = {
    '03000000-1': { id: '03000000-1', parentId: null },
    '03100000-2': { id: '03100000-2', parentId: '03000000-1' },
    '03110000-5': { id: '03110000-5', parentId: '03100000-2' },
    '03111000-2': { id: '03111000-2', parentId: '03110000-5' },
  };
  const lookup = async (id: string) => tree[id];

  it('returns the parents root first, so opening a node opens its parents in order', async () => {
    expect(ids(await ancestorsOf(tree['03111000-2']!, lookup))).toEqual(['03000000-1', '03100000-2', '03110000-5']);
    expect(await ancestorsOf(tree['03000000-1']!, lookup)).toEqual([]);
  });

  it('stops at an unknown parent and at a cycle', async () => {
    expect(ids(await ancestorsOf({ id: 'x', parentId: 'missing' }, lookup))).toEqual([]);
    const cyclic: Record<string, ClassificationNode> = { a: { id: 'a', parentId: 'b' }, b: { id: 'b', parentId: 'a' } };
    expect(ids(await ancestorsOf(cyclic.a!, async (id) => cyclic[id]))).toEqual(['b']);
  });
});
