'use strict';

// Every create and update action against the server: each makes or changes a real record, read
// back through the API and compared with what the Zap sent.

const assert = require('node:assert/strict');

const { App, appTester, assertFields, bundleWith, day, get, unique, uniqueEmail } = require('./helpers');
const { fixtures } = require('./fixtures');

const run = (key, inputData) => appTester(App.creates[key].operation.perform, bundleWith(inputData));

describe('actions', () => {
  let fx;
  before(async () => {
    fx = await fixtures();
  });

  describe('contacts', () => {
    let contact;

    it('create_contact creates the contact it was given', async () => {
      const email = uniqueEmail('Ada');
      const made = await run('create_contact', {
        name: 'Ada Lovelace',
        email: email.toUpperCase(),
        phone: '+44 20 7946 0000',
        tags: ['vip', 'zapier'],
      });
      contact = await get(`/api/v1/contacts/${made.id}`);
      assertFields(contact, { name: 'Ada Lovelace', email, phone: '+44 20 7946 0000', tags: ['vip', 'zapier'] }, 'contact');
      assert.equal(made.version, contact.version);
    });

    it('update_contact changes the fields given and leaves the empty ones alone', async () => {
      // Zapier sends '' for a field the user left empty: it must not clear the e-mail.
      const changed = await run('update_contact', { contact_id: String(contact.id), name: 'Ada King', phone: '+44 1', email: '' });
      const read = await get(`/api/v1/contacts/${contact.id}`);
      assertFields(read, { name: 'Ada King', phone: '+44 1', email: contact.email, tags: contact.tags }, 'contact');
      assert.equal(read.version, contact.version + 1);
      assert.equal(changed.name, 'Ada King');
    });

    it('update_contact names the refused field when the API refuses the change', async () => {
      await assert.rejects(run('update_contact', { contact_id: contact.id, email: 'not an address' }), /email/);
    });
  });

  describe('leads', () => {
    let lead;

    it('create_lead creates the lead in the pipeline and stage chosen', async () => {
      const [, second] = fx.leadStages;
      const email = uniqueEmail('dana');
      const made = await run('create_lead', {
        name: 'Dana Reyes',
        email,
        subject: 'Website redesign',
        pipeline_id: String(fx.pipeline.id),
        stage_id: String(second.id),
        user_id: String(fx.me.id),
        users: [String(fx.me.id)],
        follow_up_date: `${day(7)}T00:00:00+00:00`,
        notes: 'Met at the fair.',
      });
      lead = await get(`/api/lead/show/${made.id}`);
      assertFields(lead, {
        name: 'Dana Reyes',
        email,
        subject: 'Website redesign',
        pipeline_id: fx.pipeline.id,
        stage_id: second.id,
        user_id: fx.me.id,
        users: [fx.me.id],
        follow_up_date: day(7),
        notes: 'Met at the fair.',
      }, 'lead');
    });

    it('update_lead moves the lead and changes its notes, nothing else', async () => {
      const third = fx.leadStages[2];
      await run('update_lead', { lead_id: lead.id, stage_id: third.id, notes: 'Called back.' });
      const read = await get(`/api/lead/show/${lead.id}`);
      assertFields(read, { stage_id: third.id, notes: 'Called back.', name: lead.name, email: lead.email, subject: lead.subject }, 'lead');
    });
  });

  describe('deals', () => {
    let deal;

    it('create_deal creates the deal with its amount, stage and close date', async () => {
      const name = unique('Acme renewal');
      const made = await run('create_deal', {
        name,
        amount: '1500.50',
        pipeline_id: fx.pipeline.id,
        stage_id: fx.dealStages[0].id,
        close_date: `${day(40)}T12:00:00Z`,
        notes: 'Two-year term.',
        users: String(fx.me.id),
      });
      deal = await get(`/api/deal/show/${made.id}`);
      assertFields(deal, {
        name,
        amount: 1500.5,
        pipeline_id: fx.pipeline.id,
        stage_id: fx.dealStages[0].id,
        close_date: day(40),
        notes: 'Two-year term.',
        users: [fx.me.id],
        status: 'open',
      }, 'deal');
    });

    it('update_deal moves the deal, changes its amount and marks it won', async () => {
      await run('update_deal', { deal_id: deal.id, stage_id: fx.dealStages[3].id, amount: 2000, status: 'won' });
      const read = await get(`/api/deal/show/${deal.id}`);
      assertFields(read, { stage_id: fx.dealStages[3].id, amount: 2000, status: 'won', name: deal.name, notes: deal.notes }, 'deal');
    });
  });

  describe('customers', () => {
    let customer;

    it('create_customer creates the customer with its billing address', async () => {
      const email = uniqueEmail('accounts');
      const made = await run('create_customer', {
        name: unique('Northwind'),
        company_name: 'Northwind Traders Ltd',
        email,
        payment_terms: 'net_15',
        tags: 'wholesale,eu',
        billing_line1: '12 Rue de la République',
        billing_city: 'Lyon',
        billing_country: 'FR',
      });
      customer = await get(`/api/v1/customers/${made.id}`);
      assertFields(customer, {
        name: made.name,
        company_name: 'Northwind Traders Ltd',
        email,
        payment_terms: 'net_15',
        tags: ['wholesale', 'eu'],
      }, 'customer');
      assertFields(customer.billing_address, { line1: '12 Rue de la République', city: 'Lyon', country: 'FR' }, 'billing_address');
    });

    it('update_customer changes the fields given and keeps the address', async () => {
      await run('update_customer', { customer_id: customer.id, contact_person_name: 'Marc Olivier', payment_terms: 'net_45' });
      const read = await get(`/api/v1/customers/${customer.id}`);
      assertFields(read, {
        contact_person_name: 'Marc Olivier',
        payment_terms: 'net_45',
        email: customer.email,
        billing_address: customer.billing_address,
      }, 'customer');
    });
  });

  describe('invoices', () => {
    let invoice;

    it('create_invoice creates a draft with its lines', async () => {
      const made = await run('create_invoice', {
        customer_id: fx.customer.id,
        type: 'service',
        items: [{ product_id: String(fx.product.id), quantity: '3', unit_price: '99.50' }],
        invoice_date: `${day(0)}T00:00:00Z`,
        due_date: `${day(14)}T00:00:00Z`,
        notes: 'Thank you.',
        post: 'false',
      });
      invoice = await get(`/api/v1/invoices/${made.id}`);
      assertFields(invoice, {
        customer_id: fx.customer.id,
        status: 'draft',
        invoice_number: null,
        invoice_date: day(0),
        due_date: day(14),
        notes: 'Thank you.',
        subtotal: 298.5,
      }, 'invoice');
      assert.equal(invoice.items.length, 1);
      assertFields(invoice.items[0], { product_id: fx.product.id, quantity: 3, unit_price: 99.5 }, 'line');
    });

    it('update_invoice replaces the lines and changes the notes of a draft', async () => {
      await run('update_invoice', {
        invoice_id: invoice.id,
        items: [{ product_id: fx.product.id, quantity: 1 }, { product_id: fx.product.id, quantity: 2, unit_price: 10 }],
        notes: 'Revised.',
      });
      const read = await get(`/api/v1/invoices/${invoice.id}`);
      assert.deepEqual(read.items.map((line) => [line.quantity, line.unit_price]), [[1, 120], [2, 10]]);
      assertFields(read, { notes: 'Revised.', customer_id: fx.customer.id, due_date: day(14), subtotal: 140 }, 'invoice');
    });

    it('create_invoice with "post it" posts the invoice, which gets its number', async () => {
      const made = await run('create_invoice', {
        customer_id: fx.customer.id,
        type: 'service',
        items: [{ product_id: fx.product.id, quantity: 1 }],
        post: true,
      });
      const read = await get(`/api/v1/invoices/${made.id}`);
      assert.equal(read.status, 'posted');
      assert.match(read.invoice_number, /\d/);
      assert.equal(made.invoice_number, read.invoice_number);
    });
  });

  describe('tasks', () => {
    let task;

    it('create_task creates the task in the project, assigned', async () => {
      const made = await run('create_task', {
        project_id: fx.project.id,
        title: 'Draft the launch checklist',
        description: 'Everything before the doors open.',
        priority: 'high',
        assigned_to: [String(fx.me.id)],
        due_date: `${day(5)}T09:00:00Z`,
      });
      task = await get(`/api/project/task/show/${made.id}`);
      assertFields(task, {
        project_id: fx.project.id,
        title: 'Draft the launch checklist',
        description: 'Everything before the doors open.',
        priority: 'high',
        assigned_to: [fx.me.id],
        due_date: day(5),
      }, 'task');
    });

    it('update_task changes the title and priority, keeping the assignees', async () => {
      await run('update_task', { project_id: fx.project.id, task_id: task.id, title: 'Final checklist', priority: 'low' });
      const read = await get(`/api/project/task/show/${task.id}`);
      assertFields(read, { title: 'Final checklist', priority: 'low', assigned_to: [fx.me.id], description: task.description }, 'task');
    });
  });

  describe('tickets', () => {
    let ticket;

    it('create_ticket opens the ticket for the requester', async () => {
      const email = uniqueEmail('sam');
      const made = await run('create_ticket', {
        subject: 'Cannot download my invoice',
        description: 'The PDF link answers an error.',
        name: 'Sam Carter',
        email,
        priority: 'high',
        assigned_to: fx.me.id,
      });
      ticket = await get(`/api/support-ticket/ticket/show/${made.id}`);
      assertFields(ticket, {
        subject: 'Cannot download my invoice',
        description: 'The PDF link answers an error.',
        name: 'Sam Carter',
        email,
        priority: 'high',
        status: 'open',
        assigned_to: fx.me.id,
      }, 'ticket');
      assert.match(ticket.ticket_number, /\d/);
    });

    it('update_ticket moves the ticket on and raises its priority', async () => {
      await run('update_ticket', { ticket_id: ticket.id, status: 'in_progress', priority: 'urgent' });
      const read = await get(`/api/support-ticket/ticket/show/${ticket.id}`);
      assertFields(read, { status: 'in_progress', priority: 'urgent', subject: ticket.subject, email: ticket.email }, 'ticket');
    });
  });

  it('an update of a record that does not exist fails with the API\'s message', async () => {
    await assert.rejects(run('update_deal', { deal_id: 999999999, name: 'x' }), (error) => {
      assert.match(error.message, /not found|no record|404/i);
      return true;
    });
  });

  it('a non-numeric record id is refused before any request', async () => {
    await assert.rejects(run('update_lead', { lead_id: 'abc', name: 'x' }), /lead_id must be a record id/);
  });
});
