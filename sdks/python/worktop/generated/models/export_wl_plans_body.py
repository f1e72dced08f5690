from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.export_wl_plans_body_sort import ExportWlPlansBodySort
from ..models.file_format_type_0 import FileFormatType0
from ..models.file_format_type_1 import FileFormatType1
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.export_wl_plans_body_custom_fields_type_0 import (
        ExportWlPlansBodyCustomFieldsType0,
    )
    from ..models.no_filters import NoFilters


T = TypeVar("T", bound="ExportWlPlansBody")


@_attrs_define
class ExportWlPlansBody:
    """Body of `POST <base>/export`: what its list takes, and the format.

    Attributes:
        custom_fields (ExportWlPlansBodyCustomFieldsType0 | None | Unset): Filters on custom fields marked filterable:
            `{"tier": "gold"}`.
        filters (NoFilters | None | Unset): The list's filters, as its query string takes them.
        format_ (FileFormatType0 | FileFormatType1 | None | Unset): `csv` (default) or `jsonl`.
        search (None | str | Unset): Words to look for, as the list takes them.
        sort (ExportWlPlansBodySort | Unset): `field` ascending or `-field` descending, as the list takes it.
    """

    custom_fields: ExportWlPlansBodyCustomFieldsType0 | None | Unset = UNSET
    filters: NoFilters | None | Unset = UNSET
    format_: FileFormatType0 | FileFormatType1 | None | Unset = UNSET
    search: None | str | Unset = UNSET
    sort: ExportWlPlansBodySort | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.export_wl_plans_body_custom_fields_type_0 import (
            ExportWlPlansBodyCustomFieldsType0,
        )
        from ..models.no_filters import NoFilters

        custom_fields: dict[str, Any] | None | Unset
        if isinstance(self.custom_fields, Unset):
            custom_fields = UNSET
        elif isinstance(self.custom_fields, ExportWlPlansBodyCustomFieldsType0):
            custom_fields = self.custom_fields.to_dict()
        else:
            custom_fields = self.custom_fields

        filters: dict[str, Any] | None | Unset
        if isinstance(self.filters, Unset):
            filters = UNSET
        elif isinstance(self.filters, NoFilters):
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
        from ..models.export_wl_plans_body_custom_fields_type_0 import (
            ExportWlPlansBodyCustomFieldsType0,
        )
        from ..models.no_filters import NoFilters

        d = dict(src_dict)

        def _parse_custom_fields(
            data: object,
        ) -> ExportWlPlansBodyCustomFieldsType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                custom_fields_type_0 = ExportWlPlansBodyCustomFieldsType0.from_dict(
                    data
                )

                return custom_fields_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ExportWlPlansBodyCustomFieldsType0 | None | Unset, data)

        custom_fields = _parse_custom_fields(d.pop("custom_fields", UNSET))

        def _parse_filters(data: object) -> NoFilters | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                filters_type_1 = NoFilters.from_dict(data)

                return filters_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NoFilters | None | Unset, data)

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
        sort: ExportWlPlansBodySort | Unset
        if isinstance(_sort, Unset):
            sort = UNSET
        else:
            sort = ExportWlPlansBodySort(_sort)

        export_wl_plans_body = cls(
            custom_fields=custom_fields,
            filters=filters,
            format_=format_,
            search=search,
            sort=sort,
        )

        return export_wl_plans_body
