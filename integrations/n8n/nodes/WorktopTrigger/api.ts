import type {
	IDataObject,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
} from 'n8n-workflow';

type Context = IHookFunctions | ILoadOptionsFunctions;

/** A request to the Worktop API with the node's chosen credential. */
export async function worktopRequest(
	this: Context,
	method: IHttpRequestMethods,
	path: string,
	body?: IDataObject,
	qs?: IDataObject,
): Promise<IDataObject> {
	const authentication = this.getNodeParameter('authentication', 'apiKey') as string;
	const credentialType = authentication === 'oAuth2' ? 'worktopOAuth2Api' : 'worktopApi';
	const credentials = await this.getCredentials(credentialType);
	const baseUrl = String(credentials.baseUrl).replace(/\/+$/, '');
	return (await this.helpers.httpRequestWithAuthentication.call(this, credentialType, {
		method,
		url: `${baseUrl}${path}`,
		body,
		qs,
		json: true,
	})) as IDataObject;
}

/** Whether a failed request was a 404 (the webhook is gone). */
export function isNotFound(error: unknown): boolean {
	const e = error as { httpCode?: string; response?: { status?: number }; cause?: { status?: number } };
	return e?.httpCode === '404' || e?.response?.status === 404 || e?.cause?.status === 404;
}
