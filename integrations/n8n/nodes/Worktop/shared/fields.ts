import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/** Shows a property for one resource and some of its operations. */
export function showFor(resource: string, operations: string[]): IDisplayOptions {
	return { show: { resource: [resource], operation: operations } };
}

/** A record's id, read into the request's path (`{{$parameter.<name>}}`). */
export function recordId(
	name: string,
	displayName: string,
	resource: string,
	operations: string[],
): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		required: true,
		default: '',
		placeholder: '42',
		displayOptions: showFor(resource, operations),
		description: `The ID of the ${resource}, as Worktop gives it`,
	};
}

/** The path segment for a record id parameter, URL-encoded. */
export function idInPath(parameter: string): string {
	return `{{encodeURIComponent(String($parameter.${parameter}).trim())}}`;
}

type FieldType = 'string' | 'number' | 'boolean' | 'dateTime';

interface FieldOptions {
	description?: string;
	placeholder?: string;
	default?: string | number | boolean;
	required?: boolean;
	/** An expression (over `$value`) for what the body carries instead of the value itself. */
	value?: string;
}

/** A field sent as a body property of the same name. */
export function bodyField(
	displayName: string,
	property: string,
	type: FieldType,
	options: FieldOptions = {},
): INodeProperties {
	const defaults = { string: '', number: 0, boolean: false, dateTime: '' };
	return {
		displayName,
		name: camel(property),
		type,
		default: options.default ?? defaults[type],
		required: options.required,
		description: options.description,
		placeholder: options.placeholder,
		routing: {
			send: {
				type: 'body',
				property,
				value: options.value ?? (type === 'dateTime' ? DATE_ONLY : undefined),
			},
		},
	};
}

/** A field sent as a query parameter of the same name. */
export function queryField(
	displayName: string,
	property: string,
	type: FieldType,
	options: FieldOptions = {},
): INodeProperties {
	const field = bodyField(displayName, property, type, options);
	field.routing = { send: { type: 'query', property, value: options.value } };
	return field;
}

/** A choice among fixed values, sent as the body property `property`. */
export function bodyChoice(
	displayName: string,
	property: string,
	values: string[],
	defaultValue: string,
	description?: string,
): INodeProperties {
	return {
		displayName,
		name: camel(property),
		type: 'options',
		options: values.map((value) => ({ name: label(value), value })),
		default: defaultValue,
		description,
		routing: { send: { type: 'body', property } },
	};
}

/** A choice among fixed values, sent as the query parameter `property`. */
export function queryChoice(
	displayName: string,
	property: string,
	values: string[],
	defaultValue: string,
	description?: string,
): INodeProperties {
	const field = bodyChoice(displayName, property, values, defaultValue, description);
	field.routing = { send: { type: 'query', property } };
	return field;
}

// The API takes dates as YYYY-MM-DD; n8n's date picker gives an ISO date-time.
const DATE_ONLY = '={{ $value ? String($value).slice(0, 10) : null }}';

/** Comma-separated words as an array of strings (tags). */
export const WORDS = '={{ String($value).split(",").map((w) => w.trim()).filter((w) => w) }}';

/** Comma-separated ids as an array of numbers (labels, users, ...). */
export const IDS =
	'={{ String($value).split(",").map((w) => w.trim()).filter((w) => w).map(Number) }}';

/** A JSON object given as text or as an object (custom fields). */
export const JSON_OBJECT = '={{ typeof $value === "string" ? JSON.parse($value) : $value }}';

/** The workspace's own fields on a record, by key. */
export function customFields(): INodeProperties {
	return {
		displayName: 'Custom Fields (JSON)',
		name: 'customFields',
		type: 'json',
		default: '{}',
		description:
			'Values of the workspace\'s custom fields by key, e.g. {"industry": "Retail"}; see GET /api/custom-fields',
		routing: { send: { type: 'body', property: 'custom_fields', value: JSON_OBJECT } },
	};
}

/** The version an update is based on: a stale one fails with 409 instead of overwriting. */
export function versionField(): INodeProperties {
	return bodyField('Version', 'version', 'number', {
		description:
			'Only update if the record is still at this version (its "version" field); otherwise the request fails with 409',
	});
}

/**
 * `Idempotency-Key` on a create: a retry with the same key (n8n's Retry On Fail, a re-run) gets
 * the first answer back instead of making a second record, for 24 hours.
 */
export function idempotencyKeyField(): INodeProperties {
	return {
		displayName: 'Idempotency Key',
		name: 'idempotencyKey',
		type: 'string',
		default: '',
		placeholder: 'e.g. order-{{ $json.orderId }}',
		description:
			'A key unique to what this item creates: sending it again returns the record made the first time instead of a duplicate',
		routing: { request: { headers: { 'Idempotency-Key': '={{ $value }}' } } },
	};
}

/** `follow_up_date` → `followUpDate`: n8n parameter names are camelCase. */
function camel(property: string): string {
	return property.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** `partially_paid` → `Partially Paid`. */
export function label(value: string): string {
	return value
		.split('_')
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ');
}
