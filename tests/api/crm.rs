//! The CRM (functions/crm), one test file per route file: pipelines, stages, labels and sources;
//! leads and their conversion; the id lists leads carry; activity; deals; and the RPC-style board
//! routes. Each checks the failures too (validation, not found, wrong tenant, version conflicts,
//! records in use, invalid transitions).

mod activity;
mod board;
mod deals;
mod leads;
mod links;
mod pipelines;

pub(crate) use crate::harness::id;
