import type { INodeProperties, INodePropertyRouting } from 'n8n-workflow';

import { showFor } from './fields';

/**
 * A list operation's routing: `{"data": [...], "meta": {...}}` becomes one item per record.
 * `url` is the list's path.
 */
export function listRouting(url: string): INodePropertyRouting {
	return {
		request: { method: 'GET', url },
		output: { postReceive: [{ type: 'rootProperty', properties: { property: 'data' } }] },
	};
}

// Lists page by an opaque cursor (`meta.next_cursor`, null on the last page), sent back as
// `cursor` with the same filters. The pagination request keeps the filters (qs) and adds the
// cursor to the URL; the first request has no response yet and goes out unchanged.
const NEXT_PAGE_URL =
	'={{ $response.body?.meta?.next_cursor ? $request.url.split("?")[0] + "?cursor=" + encodeURIComponent($response.body.meta.next_cursor) : $request.url }}';

/** "Return All" (following the cursor, 100 a page) and "Limit" for a list operation. */
export function returnAllAndLimit(resource: string, operation = 'getAll'): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			displayOptions: showFor(resource, [operation]),
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			routing: {
				send: { paginate: '={{ $value }}', type: 'query', property: 'per_page', value: '100' },
				operations: {
					pagination: {
						type: 'generic',
						properties: {
							continue: '={{ !!$response.body?.meta?.next_cursor }}',
							request: { url: NEXT_PAGE_URL },
						},
					},
				},
			},
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			displayOptions: {
				show: { resource: [resource], operation: [operation], returnAll: [false] },
			},
			typeOptions: { minValue: 1, maxValue: 100 },
			default: 50,
			description: 'Max number of results to return',
			routing: {
				send: { type: 'query', property: 'per_page' },
				output: { maxResults: '={{ $value }}' },
			},
		},
	];
}

/** A "Filters" collection of query parameters for a list operation. */
export function filters(
	resource: string,
	options: INodeProperties[],
	operation = 'getAll',
): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		displayOptions: showFor(resource, [operation]),
		default: {},
		options,
	};
}

/** `search`: word prefixes of the record's searchable fields (name, e-mail, number, ...). */
export function searchFilter(what: string): INodeProperties {
	return {
		displayName: 'Search',
		name: 'search',
		type: 'string',
		default: '',
		placeholder: 'e.g. ana lopez',
		description: `Words each beginning a word of the ${what}, compared without case or accents`,
		routing: { send: { type: 'query', property: 'search' } },
	};
}
