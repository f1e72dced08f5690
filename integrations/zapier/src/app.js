'use strict';

// The integration's definition, for either authentication (see authentication.js).

const { version: platformVersion } = require('zapier-platform-core');

const { version } = require('../package.json');
const { addAuthorization, explainErrors } = require('./api');
const { apiKeyAuthentication, oauth2Authentication } = require('./authentication');

const creates = {
  ...require('./creates/contacts'),
  ...require('./creates/leads'),
  ...require('./creates/deals'),
  ...require('./creates/customers'),
  ...require('./creates/invoices'),
  ...require('./creates/tasks'),
  ...require('./creates/tickets'),
};

const searches = {
  ...require('./searches/contacts'),
  ...require('./searches/customers'),
  ...require('./searches/invoices'),
};

const triggers = {
  ...require('./triggers/instant'),
  ...require('./triggers/dropdowns'),
};

// Zapier runs the search and, when it finds nothing, the create (the search's key names the pair).
const searchOrCreates = {
  find_contact: {
    key: 'find_contact',
    display: { label: 'Find or Create Contact', description: 'Finds a contact by e-mail, or creates it.' },
    search: 'find_contact',
    create: 'create_contact',
  },
  find_customer: {
    key: 'find_customer',
    display: { label: 'Find or Create Customer', description: 'Finds a customer by e-mail, or creates it.' },
    search: 'find_customer',
    create: 'create_customer',
  },
};

const AUTHENTICATIONS = { api_key: apiKeyAuthentication, oauth2: oauth2Authentication };

const buildApp = (authKind = 'api_key') => {
  const authentication = AUTHENTICATIONS[authKind];
  if (!authentication) {
    throw new Error(`Unknown authentication "${authKind}": use api_key or oauth2.`);
  }
  return {
    version,
    platformVersion,
    authentication,
    beforeRequest: [addAuthorization],
    afterResponse: [explainErrors],
    triggers,
    creates,
    searches,
    searchOrCreates,
  };
};

module.exports = { buildApp };
