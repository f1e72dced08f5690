from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Widget")


@_attrs_define
class Widget:
    """A lead-capture widget.

    Attributes:
        active (bool): A disabled widget answers 404.
        button_text (str):
        color (str): A colour written `#RRGGBB`, upper-cased.
        created_at (str): RFC 3339, UTC.
        fields (list[str]): The form's fields, in order; `name` and `email` are always asked.
        id (int): Unique per workspace and resource.
        name (str):
        pipeline_id (int):
        stage_id (int):
        thank_you (str): Shown after a submission.
        title (str): The form's heading.
        token (str): The public token the embedding form uses (`wgt_...`); not a secret.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    active: bool
    button_text: str
    color: str
    created_at: str
    fields: list[str]
    id: int
    name: str
    pipeline_id: int
    stage_id: int
    thank_you: str
    title: str
    token: str
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        active = self.active

        button_text = self.button_text

        color = self.color

        created_at = self.created_at

        fields = self.fields

        id = self.id

        name = self.name

        pipeline_id = self.pipeline_id

        stage_id = self.stage_id

        thank_you = self.thank_you

        title = self.title

        token = self.token

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "active": active,
                "button_text": button_text,
                "color": color,
                "created_at": created_at,
                "fields": fields,
                "id": id,
                "name": name,
                "pipeline_id": pipeline_id,
                "stage_id": stage_id,
                "thank_you": thank_you,
                "title": title,
                "token": token,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        active = d.pop("active")

        button_text = d.pop("button_text")

        color = d.pop("color")

        created_at = d.pop("created_at")

        fields = cast(list[str], d.pop("fields"))

        id = d.pop("id")

        name = d.pop("name")

        pipeline_id = d.pop("pipeline_id")

        stage_id = d.pop("stage_id")

        thank_you = d.pop("thank_you")

        title = d.pop("title")

        token = d.pop("token")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        widget = cls(
            active=active,
            button_text=button_text,
            color=color,
            created_at=created_at,
            fields=fields,
            id=id,
            name=name,
            pipeline_id=pipeline_id,
            stage_id=stage_id,
            thank_you=thank_you,
            title=title,
            token=token,
            updated_at=updated_at,
            version=version,
        )

        widget.additional_properties = d
        return widget

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
