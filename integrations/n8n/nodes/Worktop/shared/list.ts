import type { INodeProperties, INodePropertyRouting } from 'n8n-workflow';

import { label, showFor } from './fields';

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

/**
 * A list operation's "Filters" collection: the list's own query filters (`options`), then what
 * every list takes: Created Since, Updated Since and Sort. `sorts` are the list's own sort fields
 * (docs/openapi.json); the time sorts (`created_at`, `updated_at`) and `id` are added, each
 * ascending and descending, unless `timeSorts` says the list takes fewer.
 */
export function filters(
	resource: string,
	options: INodeProperties[],
	sorts: string[],
	{ operation = 'getAll', timeSorts = TIME_SORTS }: { operation?: string; timeSorts?: string[] } = {},
): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		displayOptions: showFor(resource, [operation]),
		default: {},
		options: [
			...options,
			sinceFilter('Created Since', 'created_since', 'made'),
			sinceFilter('Updated Since', 'updated_since', 'changed (or made)'),
			sortFilter(['id', ...timeSorts, ...sorts]),
		],
	};
}

/** The time sorts every list takes (`updated_at` moves on every write). */
const TIME_SORTS = ['created_at', 'updated_at'];

/** Names of the time sorts, which say more than "Created At (Descending)". */
const SORT_NAMES: Record<string, string> = {
	'-created_at': 'Newest First',
	created_at: 'Oldest First',
	'-updated_at': 'Last Updated First',
	updated_at: 'Least Recently Updated First',
	id: 'ID',
	'-id': 'ID (Descending)',
};

/** `sort`: each field ascending and descending; without it a list is oldest first. */
function sortFilter(fields: string[]): INodeProperties {
	const values = fields.flatMap((field) => [field, `-${field}`]);
	return {
		displayName: 'Sort',
		name: 'sort',
		type: 'options',
		options: values.map((value) => ({
			name:
				SORT_NAMES[value] ??
				(value.startsWith('-') ? `${label(value.slice(1))} (Descending)` : label(value)),
			value,
		})),
		default: values[0],
		description: 'The order of the records; without a sort they come oldest first',
		routing: { send: { type: 'query', property: 'sort' } },
	};
}

/**
 * A date-time as RFC 3339 in UTC to the second (`2026-03-01T09:30:00Z`), which
 * `created_since` / `updated_since` take. The picker's value has no offset: it is read in the
 * workflow's time zone (n8n sets it as Luxon's default zone for expressions); a value with an
 * offset or `Z`, a Luxon DateTime (`{{ $now.minus({ hours: 1 }) }}`), a JS Date or epoch
 * milliseconds keep their instant. A value that is no date-time is sent as it is, for the API to
 * refuse by name (422).
 */
export const RFC3339 =
	'={{ $value === undefined || $value === null || $value === "" ? undefined : ((d) => d.isValid ? d.toUTC().toFormat("yyyy-MM-dd\'T\'HH:mm:ss\'Z\'") : String($value))($value && typeof $value === "object" && typeof $value.toUTC === "function" ? $value : $value instanceof Date ? DateTime.fromJSDate($value) : typeof $value === "number" ? DateTime.fromMillis($value) : DateTime.fromISO(String($value).trim())) }}';

/** `created_since` / `updated_since`: records made / changed at or after a time (inclusive). */
function sinceFilter(displayName: string, property: string, what: string): INodeProperties {
	return {
		displayName,
		name: property === 'created_since' ? 'createdSince' : 'updatedSince',
		type: 'dateTime',
		default: '',
		description: `Only records ${what} at or after this time, compared to the second. A time without an offset is in the workflow's time zone.`,
		routing: { send: { type: 'query', property, value: RFC3339 } },
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
