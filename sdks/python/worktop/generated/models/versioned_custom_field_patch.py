from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.versioned_custom_field_patch_type import VersionedCustomFieldPatchType
from ..types import UNSET, Unset

T = TypeVar("T", bound="VersionedCustomFieldPatch")


@_attrs_define
class VersionedCustomFieldPatch:
    """An update body with the optional `version` every update accepts beside its own fields. An
    extractor rather than `#[serde(flatten)]`, which would hide the field names of errors.

        Attributes:
            default (bool | float | list[str] | None | str | Unset): `null` removes it.
            filterable (bool | Unset):
            help_text (None | str | Unset): `null` removes it.
            label (str | Unset):
            options (list[str] | Unset):
            position (int | Unset):
            required (bool | Unset):
            searchable (bool | Unset):
            type_ (VersionedCustomFieldPatchType | Unset): A type every stored value already is (text to long_text; phone,
                email, select, date or
                datetime to text or long_text; url to long_text); any other change is refused, as stored
                values would not all convert. A filterable field's index is built again.
            version (int | None | Unset): The version the change is based on; a stale one is 409 `version_conflict`.
    """

    default: bool | float | list[str] | None | str | Unset = UNSET
    filterable: bool | Unset = UNSET
    help_text: None | str | Unset = UNSET
    label: str | Unset = UNSET
    options: list[str] | Unset = UNSET
    position: int | Unset = UNSET
    required: bool | Unset = UNSET
    searchable: bool | Unset = UNSET
    type_: VersionedCustomFieldPatchType | Unset = UNSET
    version: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        default: bool | float | list[str] | None | str | Unset
        if isinstance(self.default, Unset):
            default = UNSET
        elif isinstance(self.default, list):
            default = self.default

        else:
            default = self.default

        filterable = self.filterable

        help_text: None | str | Unset
        if isinstance(self.help_text, Unset):
            help_text = UNSET
        else:
            help_text = self.help_text

        label = self.label

        options: list[str] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options

        position = self.position

        required = self.required

        searchable = self.searchable

        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_.value

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if default is not UNSET:
            field_dict["default"] = default
        if filterable is not UNSET:
            field_dict["filterable"] = filterable
        if help_text is not UNSET:
            field_dict["help_text"] = help_text
        if label is not UNSET:
            field_dict["label"] = label
        if options is not UNSET:
            field_dict["options"] = options
        if position is not UNSET:
            field_dict["position"] = position
        if required is not UNSET:
            field_dict["required"] = required
        if searchable is not UNSET:
            field_dict["searchable"] = searchable
        if type_ is not UNSET:
            field_dict["type"] = type_
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_default(
            data: object,
        ) -> bool | float | list[str] | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                default_type_3_type_0 = cast(list[str], data)

                return default_type_3_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(bool | float | list[str] | None | str | Unset, data)

        default = _parse_default(d.pop("default", UNSET))

        filterable = d.pop("filterable", UNSET)

        def _parse_help_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        help_text = _parse_help_text(d.pop("help_text", UNSET))

        label = d.pop("label", UNSET)

        options = cast(list[str], d.pop("options", UNSET))

        position = d.pop("position", UNSET)

        required = d.pop("required", UNSET)

        searchable = d.pop("searchable", UNSET)

        _type_ = d.pop("type", UNSET)
        type_: VersionedCustomFieldPatchType | Unset
        if isinstance(_type_, Unset):
            type_ = UNSET
        else:
            type_ = VersionedCustomFieldPatchType(_type_)

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        versioned_custom_field_patch = cls(
            default=default,
            filterable=filterable,
            help_text=help_text,
            label=label,
            options=options,
            position=position,
            required=required,
            searchable=searchable,
            type_=type_,
            version=version,
        )

        versioned_custom_field_patch.additional_properties = d
        return versioned_custom_field_patch

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
