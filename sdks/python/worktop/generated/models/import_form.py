from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from .. import types
from ..models.file_format_type_0 import FileFormatType0
from ..models.file_format_type_1 import FileFormatType1
from ..models.import_mode_type_0 import ImportModeType0
from ..models.import_mode_type_1 import ImportModeType1
from ..models.import_mode_type_2 import ImportModeType2
from ..types import UNSET, File, Unset

T = TypeVar("T", bound="ImportForm")


@_attrs_define
class ImportForm:
    """The form `POST <base>/import` takes (`multipart/form-data`).

    Attributes:
        file (File): The file: CSV with a header row naming the record's fields (its required ones at least), or
            JSON Lines; UTF-8; at most 32 MiB.
        format_ (FileFormatType0 | FileFormatType1 | None | Unset): `csv` or `jsonl`; without it, from the file's name
            or content type (CSV otherwise).
        mapping (None | str | Unset): A JSON object from column (header, or JSON Lines key) to field: `{"E-mail":
            "email",
            "Tier": "custom_fields.tier", "Notes": null}`. Without it, each column whose header is a
            field's name fills that field.
        match_field (None | str | Unset): For an upsert: the field whose value matches a row to a record (a unique
            field, a filter
            of the list, or a filterable custom field `custom_fields.<key>`).
        mode (ImportModeType0 | ImportModeType1 | ImportModeType2 | None | Unset): `create` (default), `upsert` or
            `dry_run`.
    """

    file: File
    format_: FileFormatType0 | FileFormatType1 | None | Unset = UNSET
    mapping: None | str | Unset = UNSET
    match_field: None | str | Unset = UNSET
    mode: ImportModeType0 | ImportModeType1 | ImportModeType2 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        file = self.file.to_tuple()

        format_: None | str | Unset
        if isinstance(self.format_, Unset):
            format_ = UNSET
        elif isinstance(self.format_, FileFormatType0) or isinstance(
            self.format_, FileFormatType1
        ):
            format_ = self.format_.value
        else:
            format_ = self.format_

        mapping: None | str | Unset
        if isinstance(self.mapping, Unset):
            mapping = UNSET
        else:
            mapping = self.mapping

        match_field: None | str | Unset
        if isinstance(self.match_field, Unset):
            match_field = UNSET
        else:
            match_field = self.match_field

        mode: None | str | Unset
        if isinstance(self.mode, Unset):
            mode = UNSET
        elif (
            isinstance(self.mode, ImportModeType0)
            or isinstance(self.mode, ImportModeType1)
            or isinstance(self.mode, ImportModeType2)
        ):
            mode = self.mode.value
        else:
            mode = self.mode

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "file": file,
            }
        )
        if format_ is not UNSET:
            field_dict["format"] = format_
        if mapping is not UNSET:
            field_dict["mapping"] = mapping
        if match_field is not UNSET:
            field_dict["match_field"] = match_field
        if mode is not UNSET:
            field_dict["mode"] = mode

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("file", self.file.to_tuple()))

        if not isinstance(self.format_, Unset):
            if self.format_ is None:
                files.append(
                    ("format", (None, str(self.format_).encode(), "text/plain"))
                )
            elif isinstance(self.format_, FileFormatType0):
                files.append(
                    ("format", (None, str(self.format_.value).encode(), "text/plain"))
                )
            else:
                files.append(
                    ("format", (None, str(self.format_.value).encode(), "text/plain"))
                )

        if not isinstance(self.mapping, Unset):
            if isinstance(self.mapping, str):
                files.append(
                    ("mapping", (None, str(self.mapping).encode(), "text/plain"))
                )
            else:
                files.append(
                    ("mapping", (None, str(self.mapping).encode(), "text/plain"))
                )

        if not isinstance(self.match_field, Unset):
            if isinstance(self.match_field, str):
                files.append(
                    (
                        "match_field",
                        (None, str(self.match_field).encode(), "text/plain"),
                    )
                )
            else:
                files.append(
                    (
                        "match_field",
                        (None, str(self.match_field).encode(), "text/plain"),
                    )
                )

        if not isinstance(self.mode, Unset):
            if self.mode is None:
                files.append(("mode", (None, str(self.mode).encode(), "text/plain")))
            elif isinstance(self.mode, ImportModeType0) or isinstance(
                self.mode, ImportModeType1
            ):
                files.append(
                    ("mode", (None, str(self.mode.value).encode(), "text/plain"))
                )
            else:
                files.append(
                    ("mode", (None, str(self.mode.value).encode(), "text/plain"))
                )

        for prop_name, prop in self.additional_properties.items():
            files.append((prop_name, (None, str(prop).encode(), "text/plain")))

        return files

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        file = File(payload=BytesIO(d.pop("file")))

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

        def _parse_mapping(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        mapping = _parse_mapping(d.pop("mapping", UNSET))

        def _parse_match_field(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        match_field = _parse_match_field(d.pop("match_field", UNSET))

        def _parse_mode(
            data: object,
        ) -> ImportModeType0 | ImportModeType1 | ImportModeType2 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_import_mode_type_0 = ImportModeType0(data)

                return componentsschemas_import_mode_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_import_mode_type_1 = ImportModeType1(data)

                return componentsschemas_import_mode_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_import_mode_type_2 = ImportModeType2(data)

                return componentsschemas_import_mode_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                ImportModeType0 | ImportModeType1 | ImportModeType2 | None | Unset, data
            )

        mode = _parse_mode(d.pop("mode", UNSET))

        import_form = cls(
            file=file,
            format_=format_,
            mapping=mapping,
            match_field=match_field,
            mode=mode,
        )

        import_form.additional_properties = d
        return import_form

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
