//! Black-box tests: each starts the real server on a free port over a fresh store and speaks HTTP to
//! it. Every test in an `on_both_stores!` block runs on SQLite and on DynamoDB (moto).

mod harness;

mod account_security;
mod accounting;
mod activity;
mod api_keys;
mod auth_cache;
mod batch;
mod billing;
mod bounds;
mod cloud_delivery;
mod contacts;
mod contract;
mod conventions;
mod costs;
mod crash;
mod crm;
mod custom_fields;
mod faults;
mod hr;
mod hr_staff;
mod hr_time;
mod inventory;
mod jobs;
mod lists;
mod oauth;
mod policies;
mod profile;
mod project_work;
mod projects;
mod references;
mod regions;
mod sales;
mod sandbox;
mod served_files;
mod sessions;
mod ssrf;
mod support;
mod template;
mod transfer;
mod users;
mod v1;
mod webhooks;
mod white_label;
