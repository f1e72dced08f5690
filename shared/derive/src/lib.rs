//! `#[derive(RecordDeserialize)]`: `Deserialize` for a record whose [`Meta`] is flattened into it
//! (`#[serde(flatten)] pub meta: Meta`), without serde's flatten on the way in.
//!
//! serde reads a struct with a flattened field by buffering every key the struct does not name
//! (here `id`, `created_at`, `updated_at`, `version`) as an untyped `Content` and then reading the
//! flattened type out of that buffer. For a stored contact that was 520 ns a record against 370
//! for the same fields written inline (a micro-benchmark at `opt-level = 3`), and parsing records
//! was 15% of a page's CPU. The derive writes the inline form: a private twin of the struct with
//! `Meta`'s four fields in place of `meta` and every other field as it is (with its `#[serde]`
//! attributes), derives serde's `Deserialize` on the twin and moves its fields into the record.
//! The wire format is the same; `Serialize` and `JsonSchema` stay serde's and schemars' own.
//!
//! [`Meta`]: ../shared/resource/struct.Meta.html

use proc_macro::TokenStream;
use quote::{format_ident, quote};
use syn::{parse_macro_input, Data, DeriveInput, Fields};

/// `Meta`'s fields, in its order: the twin declares them in its place (a change to `Meta` that
/// this list misses fails to compile where the twin builds it).
const META_FIELDS: [(&str, &str); 4] = [
    ("id", "u64"),
    ("created_at", "String"),
    ("updated_at", "String"),
    ("version", "u64"),
];

#[proc_macro_derive(RecordDeserialize)]
pub fn derive_record_deserialize(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match expand(&input) {
        Ok(tokens) => tokens.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

fn is_serde(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("serde")
}

/// `#[serde(flatten)]`, alone or among other serde options (`flatten` at the list's top level).
fn is_flatten(attr: &syn::Attribute) -> bool {
    match &attr.meta {
        syn::Meta::List(list) if is_serde(attr) => list
            .tokens
            .clone()
            .into_iter()
            .any(|token| matches!(token, proc_macro2::TokenTree::Ident(ident) if ident == "flatten")),
        _ => false,
    }
}

fn expand(input: &DeriveInput) -> syn::Result<proc_macro2::TokenStream> {
    let Data::Struct(data) = &input.data else {
        return Err(syn::Error::new_spanned(input, "RecordDeserialize is for structs"));
    };
    let Fields::Named(fields) = &data.fields else {
        return Err(syn::Error::new_spanned(input, "RecordDeserialize needs named fields"));
    };
    let name = &input.ident;
    let twin = format_ident!("__{}Stored", name);
    let container_attrs = input.attrs.iter().filter(|a| is_serde(a));
    let (_, type_generics, where_clause) = input.generics.split_for_impl();

    let mut meta_type = None;
    let mut twin_fields = Vec::new();
    let mut moves = Vec::new();
    for field in &fields.named {
        let ident = field.ident.as_ref().expect("named field");
        if ident == "meta" {
            // Only a flattened `meta` is read inline: one nested under its own key is left to serde.
            if !field.attrs.iter().any(is_flatten) {
                return Err(syn::Error::new_spanned(
                    field,
                    "RecordDeserialize reads `meta` as flattened: mark it `#[serde(flatten)]`",
                ));
            }
            meta_type = Some(&field.ty);
            for (meta_field, ty) in META_FIELDS {
                let meta_field = format_ident!("{}", meta_field);
                let ty: syn::Type = syn::parse_str(ty)?;
                twin_fields.push(quote! { #meta_field: #ty });
            }
            continue;
        }
        let attrs = field.attrs.iter().filter(|a| is_serde(a));
        let ty = &field.ty;
        twin_fields.push(quote! { #(#attrs)* #ident: #ty });
        moves.push(quote! { #ident: stored.#ident });
    }
    let Some(meta_type) = meta_type else {
        return Err(syn::Error::new_spanned(
            name,
            "RecordDeserialize needs a `#[serde(flatten)] meta: Meta` field",
        ));
    };
    let meta_fields = META_FIELDS.iter().map(|(f, _)| format_ident!("{}", f));
    let meta_moves = meta_fields.clone();
    let generics = &input.generics;
    let mut de_generics = input.generics.clone();
    de_generics.params.insert(0, syn::parse_quote!('de));
    let (de_impl_generics, _, _) = de_generics.split_for_impl();

    Ok(quote! {
        const _: () = {
            #[derive(::serde::Deserialize)]
            #(#container_attrs)*
            #[allow(non_camel_case_types)]
            struct #twin #generics #where_clause {
                #(#twin_fields,)*
            }

            impl #de_impl_generics ::serde::Deserialize<'de> for #name #type_generics #where_clause {
                fn deserialize<__D: ::serde::Deserializer<'de>>(
                    deserializer: __D,
                ) -> ::core::result::Result<Self, __D::Error> {
                    let stored = <#twin #type_generics as ::serde::Deserialize<'de>>::deserialize(deserializer)?;
                    ::core::result::Result::Ok(Self {
                        meta: #meta_type { #(#meta_fields: stored.#meta_moves,)* },
                        #(#moves,)*
                    })
                }
            }
        };
    })
}
