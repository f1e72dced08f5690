import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	PreSendAction,
} from 'n8n-workflow';

/** One line as the node's form holds it; optional numbers are text so "empty" means absent. */
interface LineParameters {
	productId: number;
	quantity: number;
	unitPrice?: string;
	discountPercentage?: string;
	taxIds?: string;
}

/** A form line as the API's invoice line: what is left empty takes the product's defaults. */
export function toInvoiceLine(line: LineParameters): IDataObject {
	const item: IDataObject = { product_id: Number(line.productId), quantity: Number(line.quantity) };
	if (present(line.unitPrice)) item.unit_price = String(line.unitPrice).trim();
	if (present(line.discountPercentage)) item.discount_percentage = Number(line.discountPercentage);
	if (present(line.taxIds)) {
		item.tax_ids = String(line.taxIds)
			.split(',')
			.map((id) => id.trim())
			.filter((id) => id)
			.map(Number);
	}
	return item;
}

function present(value: string | undefined): boolean {
	return value !== undefined && value !== null && String(value).trim() !== '';
}

/** Puts the lines at `parameterPath` into the body as `items` (declarative routing cannot map a list). */
function linesToBody(parameterPath: string): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const lines = this.getNodeParameter(parameterPath, {}) as { line?: LineParameters[] };
		if (lines.line?.length) {
			request.body = { ...(request.body as IDataObject), items: lines.line.map(toInvoiceLine) };
		}
		return request;
	};
}

/** The invoice's lines: a product, a quantity and optionally a price, discount and taxes. */
export function invoiceLines(parameterPath: string, displayName: string): INodeProperties {
	return {
		displayName,
		name: parameterPath.split('.').pop() as string,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Line',
		default: {},
		options: [
			{
				displayName: 'Line',
				name: 'line',
				values: [
					{
						displayName: 'Discount (%)',
						name: 'discountPercentage',
						type: 'string',
						default: '',
						placeholder: '0',
					},
					{
						displayName: 'Product ID',
						name: 'productId',
						type: 'number',
						default: 0,
						description: 'A product or service of the workspace',
					},
					{
						displayName: 'Quantity',
						name: 'quantity',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: 1,
					},
					{
						displayName: 'Tax IDs',
						name: 'taxIds',
						type: 'string',
						default: '',
						description: "Comma-separated; leave empty for the product's taxes",
					},
					{
						displayName: 'Unit Price',
						name: 'unitPrice',
						type: 'string',
						default: '',
						placeholder: "The product's sale price",
						description: "Leave empty for the product's sale price",
					},
				],
			},
		],
		routing: { send: { preSend: [linesToBody(parameterPath)] } },
	};
}
