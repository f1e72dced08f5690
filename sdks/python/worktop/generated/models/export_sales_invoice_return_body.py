from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.export_sales_invoice_return_body_sort import (
    ExportSalesInvoiceReturnBodySort,
)
from ..models.file_format_type_0 import FileFormatType0
from ..models.file_format_type_1 import FileFormatType1
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.export_sales_invoice_return_body_custom_fields_type_0 import (
        ExportSalesInvoiceReturnBodyCustomFieldsType0,
    )
    from ..models.sales_return_filters import SalesReturnFilters


T = TypeVar("T", bound="ExportSalesInvoiceReturnBody")


@_attrs_define
class ExportSalesInvoiceReturnBody:
    """Body of `POST <base>/export`: what its list takes, and the format.

    Attributes:
        custom_fields (ExportSalesInvoiceReturnBodyCustomFieldsType0 | None | Unset): Filters on custom fields marked
            filterable: `{"tier": "gold"}`.
        filters (None | SalesReturnFilters | Unset): The list's filters, as its query string takes them.
        format_ (FileFormatType0 | FileFormatType1 | None | Unset): `csv` (default) or `jsonl`.
        search (None | str | Unset): Words to look for, as the list takes them.
        sort (ExportSalesInvoiceReturnBodySort | Unset): `field` ascending or `-field` descending, as the list takes it.
    """

    custom_fields: ExportSalesInvoiceReturnBodyCustomFieldsType0 | None | Unset = UNSET
    filters: None | SalesReturnFilters | Unset = UNSET
    format_: FileFormatType0 | FileFormatType1 | None | Unset = UNSET
    search: None | str | Unset = UNSET
    sort: ExportSalesInvoiceReturnBodySort | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.export_sales_invoice_return_body_custom_fields_type_0 import (
            ExportSalesInvoiceReturnBodyCustomFieldsType0,
        )
        from ..models.sales_return_filters import SalesReturnFilters

        custom_fields: dict[str, Any] | None | Unset
        if isinstance(self.custom_fields, Unset):
            custom_fields = UNSET
        elif isinstance(
            self.custom_fields, ExportSalesInvoiceReturnBodyCustomFieldsType0
        ):
            custom_fields = self.custom_fields.to_dict()
        else:
            custom_fields = self.custom_fields

        filters: dict[str, Any] | None | Unset
        if isinstance(self.filters, Unset):
            filters = UNSET
        elif isinstance(self.filters, SalesReturnFilters):
            filters = self.filters.to_dict()
        else:
            filters = self.filters

        format_: None | str | Unset
        if isinstance(self.format_, Unset):
            format_ = UNSET
        elif isinstance(self.format_, FileFormatType0) or isinstance(
            self.format_, FileFormatType1
        ):
            format_ = self.format_.value
        else:
            format_ = self.format_

        search: None | str | Unset
        if isinstance(self.search, Unset):
            search = UNSET
        else:
            search = self.search

        sort: str | Unset = UNSET
        if not isinstance(self.sort, Unset):
            sort = self.sort.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if custom_fields is not UNSET:
            field_dict["custom_fields"] = custom_fields
        if filters is not UNSET:
            field_dict["filters"] = filters
        if format_ is not UNSET:
            field_dict["format"] = format_
        if search is not UNSET:
            field_dict["search"] = search
        if sort is not UNSET:
            field_dict["sort"] = sort

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.export_sales_invoice_return_body_custom_fields_type_0 import (
            ExportSalesInvoiceReturnBodyCustomFieldsType0,
        )
        from ..models.sales_return_filters import SalesReturnFilters

        d = dict(src_dict)

        def _parse_custom_fields(
            data: object,
        ) -> ExportSalesInvoiceReturnBodyCustomFieldsType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                custom_fields_type_0 = (
                    ExportSalesInvoiceReturnBodyCustomFieldsType0.from_dict(data)
                )

                return custom_fields_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                ExportSalesInvoiceReturnBodyCustomFieldsType0 | None | Unset, data
            )

        custom_fields = _parse_custom_fields(d.pop("custom_fields", UNSET))

        def _parse_filters(data: object) -> None | SalesReturnFilters | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                filters_type_1 = SalesReturnFilters.from_dict(data)

                return filters_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SalesReturnFilters | Unset, data)

        filters = _parse_filters(d.pop("filters", UNSET))

        def _parse_format_(
            data: object,
        ) -> FileFormatType0 | FileFormatType1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_file_format_type_0 = FileFormatType0(data)

                return componentsschemas_file_format_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_file_format_type_1 = FileFormatType1(data)

                return componentsschemas_file_format_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FileFormatType0 | FileFormatType1 | None | Unset, data)

        format_ = _parse_format_(d.pop("format", UNSET))

        def _parse_search(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        search = _parse_search(d.pop("search", UNSET))

        _sort = d.pop("sort", UNSET)
        sort: ExportSalesInvoiceReturnBodySort | Unset
        if isinstance(_sort, Unset):
            sort = UNSET
        else:
            sort = ExportSalesInvoiceReturnBodySort(_sort)

        export_sales_invoice_return_body = cls(
            custom_fields=custom_fields,
            filters=filters,
            format_=format_,
            search=search,
            sort=sort,
        )

        return export_sales_invoice_return_body
