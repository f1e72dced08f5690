from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.batch_change_widget_patch_fields_item import (
    BatchChangeWidgetPatchFieldsItem,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchChangeWidgetPatch")


@_attrs_define
class BatchChangeWidgetPatch:
    """One item of a batch update.

    Attributes:
        id (int): The record to change.
        version (int): The version the change is based on; a stale one fails the item (409 `version_conflict`).
        active (bool | Unset): `false` disables the public token at once.
        button_text (str | Unset):
        color (str | Unset):
        fields (list[BatchChangeWidgetPatchFieldsItem] | Unset):
        name (str | Unset):
        thank_you (str | Unset):
        title (str | Unset):
    """

    id: int
    version: int
    active: bool | Unset = UNSET
    button_text: str | Unset = UNSET
    color: str | Unset = UNSET
    fields: list[BatchChangeWidgetPatchFieldsItem] | Unset = UNSET
    name: str | Unset = UNSET
    thank_you: str | Unset = UNSET
    title: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version = self.version

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

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "version": version,
            }
        )
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

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

        active = d.pop("active", UNSET)

        button_text = d.pop("button_text", UNSET)

        color = d.pop("color", UNSET)

        _fields = d.pop("fields", UNSET)
        fields: list[BatchChangeWidgetPatchFieldsItem] | Unset = UNSET
        if _fields is not UNSET:
            fields = []
            for fields_item_data in _fields:
                fields_item = BatchChangeWidgetPatchFieldsItem(fields_item_data)

                fields.append(fields_item)

        name = d.pop("name", UNSET)

        thank_you = d.pop("thank_you", UNSET)

        title = d.pop("title", UNSET)

        batch_change_widget_patch = cls(
            id=id,
            version=version,
            active=active,
            button_text=button_text,
            color=color,
            fields=fields,
            name=name,
            thank_you=thank_you,
            title=title,
        )

        batch_change_widget_patch.additional_properties = d
        return batch_change_widget_patch

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
