from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.versioned_widget_patch_fields_item import VersionedWidgetPatchFieldsItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="VersionedWidgetPatch")


@_attrs_define
class VersionedWidgetPatch:
    """An update body with the optional `version` every update accepts beside its own fields. An
    extractor rather than `#[serde(flatten)]`, which would hide the field names of errors.

        Attributes:
            active (bool | Unset): `false` disables the public token at once.
            button_text (str | Unset):
            color (str | Unset):
            fields (list[VersionedWidgetPatchFieldsItem] | Unset):
            name (str | Unset):
            thank_you (str | Unset):
            title (str | Unset):
            version (int | None | Unset): The version the change is based on; a stale one is 409 `version_conflict`.
    """

    active: bool | Unset = UNSET
    button_text: str | Unset = UNSET
    color: str | Unset = UNSET
    fields: list[VersionedWidgetPatchFieldsItem] | Unset = UNSET
    name: str | Unset = UNSET
    thank_you: str | Unset = UNSET
    title: str | Unset = UNSET
    version: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        active = self.active

        button_text = self.button_text

        color = self.color

        fields: list[str] | Unset = UNSET
        if not isinstance(self.fields, Unset):
            fields = []
            for fields_item_data in self.fields:
                fields_item = fields_item_data.value
                fields.append(fields_item)

        name = self.name

        thank_you = self.thank_you

        title = self.title

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if active is not UNSET:
            field_dict["active"] = active
        if button_text is not UNSET:
            field_dict["button_text"] = button_text
        if color is not UNSET:
            field_dict["color"] = color
        if fields is not UNSET:
            field_dict["fields"] = fields
        if name is not UNSET:
            field_dict["name"] = name
        if thank_you is not UNSET:
            field_dict["thank_you"] = thank_you
        if title is not UNSET:
            field_dict["title"] = title
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        active = d.pop("active", UNSET)

        button_text = d.pop("button_text", UNSET)

        color = d.pop("color", UNSET)

        _fields = d.pop("fields", UNSET)
        fields: list[VersionedWidgetPatchFieldsItem] | Unset = UNSET
        if _fields is not UNSET:
            fields = []
            for fields_item_data in _fields:
                fields_item = VersionedWidgetPatchFieldsItem(fields_item_data)

                fields.append(fields_item)

        name = d.pop("name", UNSET)

        thank_you = d.pop("thank_you", UNSET)

        title = d.pop("title", UNSET)

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        versioned_widget_patch = cls(
            active=active,
            button_text=button_text,
            color=color,
            fields=fields,
            name=name,
            thank_you=thank_you,
            title=title,
            version=version,
        )

        versioned_widget_patch.additional_properties = d
        return versioned_widget_patch

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
