'use strict';

// Sample records as the API answers them (docs/openapi.json), shown in the Zap editor before the
// user's own data arrives and used by Zapier to list the fields a step gives.

const stamps = {
  created_at: '2026-03-10T09:30:00Z',
  updated_at: '2026-03-12T14:05:00Z',
  version: 3,
};

const contact = {
  id: 42,
  ...stamps,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  tags: ['vip'],
  custom_fields: {},
};

const lead = {
  id: 17,
  ...stamps,
  name: 'Dana Reyes',
  email: 'dana@example.com',
  subject: 'Website redesign',
  phone: null,
  user_id: 1,
  pipeline_id: 1,
  stage_id: 1,
  order: 1,
  follow_up_date: '2026-04-15',
  notes: null,
  is_active: true,
  users: [1],
  sources: [],
  products: [],
  labels: [],
  converted_deal_id: null,
  custom_fields: {},
};

const deal = {
  id: 8,
  ...stamps,
  name: 'Acme renewal',
  amount: 12000,
  pipeline_id: 1,
  stage_id: 2,
  order: 1,
  status: 'open',
  phone: null,
  notes: null,
  close_date: '2026-06-30',
  is_active: true,
  users: [1],
  clients: [],
  sources: [],
  products: [],
  labels: [],
  lead_id: null,
  custom_fields: {},
};

const invoiceLine = {
  product_id: 5,
  name: 'Consulting hour',
  type: 'service',
  quantity: 2,
  unit_price: 120,
  discount_percentage: 0,
  taxes: [],
  tax_percentage: 0,
  subtotal: 240,
  discount_amount: 0,
  tax_amount: 0,
  total: 240,
};

const invoice = {
  id: 31,
  ...stamps,
  invoice_number: 'INV-000031',
  invoice_date: '2026-03-10',
  due_date: '2026-04-09',
  customer_id: 4,
  warehouse_id: null,
  type: 'service',
  items: [invoiceLine],
  subtotal: 240,
  discount_amount: 0,
  tax_amount: 0,
  total_amount: 240,
  paid_amount: 0,
  credit_note_applied: 0,
  balance_amount: 240,
  payment_terms: 'Net 30',
  notes: null,
  recurrence: null,
  status: 'posted',
  posted_at: '2026-03-10T09:31:00Z',
  journal_entry_id: 77,
  agent_id: null,
  commission_rate: null,
  commission_amount: 0,
  commission_paid_at: null,
  commission_payout_id: null,
  revenue_counted: false,
  custom_fields: {},
};

const project = {
  id: 6,
  ...stamps,
  name: 'Showroom launch',
  description: null,
  budget: 5000,
  start_date: '2026-03-01',
  end_date: '2026-05-31',
  status: 'finished',
  members: [1],
  clients: [],
  finished_at: '2026-03-12T14:05:00Z',
  custom_fields: {},
};

const task = {
  id: 12,
  ...stamps,
  project_id: 6,
  milestone_id: null,
  title: 'Draft the launch checklist',
  priority: 'high',
  assigned_to: [1],
  stage_id: 1,
  start_date: '2026-05-04',
  due_date: '2026-05-08',
  description: null,
};

const customer = {
  id: 4,
  ...stamps,
  name: 'Northwind Traders',
  company_name: 'Northwind Traders Ltd',
  contact_person_name: 'Dana Whitfield',
  email: 'accounts@northwind.example',
  phone: '+33 4 72 10 20 30',
  mobile: null,
  tax_number: 'FR40123456789',
  payment_terms: 'net_30',
  billing_address: { line1: '12 Rue de la République', line2: null, city: 'Lyon', state: null, zip_code: '69002', country: 'FR' },
  shipping_address: null,
  tags: ['wholesale'],
  is_active: true,
};

const ticket = {
  id: 9,
  ...stamps,
  ticket_number: 'TKT-000009',
  subject: 'Cannot download my invoice',
  description: 'The PDF link answers an error.',
  name: 'Sam Carter',
  email: 'sam@example.com',
  user_id: null,
  category_id: 1,
  priority: 'medium',
  status: 'open',
  assigned_to: null,
  first_response_at: null,
  closed_at: null,
  custom_fields: {},
};

module.exports = { contact, customer, deal, invoice, lead, project, task, ticket };
