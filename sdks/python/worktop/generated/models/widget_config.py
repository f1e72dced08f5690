from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.widget_field import WidgetField


T = TypeVar("T", bound="WidgetConfig")


@_attrs_define
class WidgetConfig:
    """What an embedding form needs to render.

    Attributes:
        button_text (str):
        color (str): A colour written `#RRGGBB`, upper-cased.
        fields (list[WidgetField]):
        submit_url (str): Where to send the form: `POST` a JSON object of the fields plus `token`.
        thank_you (str):
        title (str):
        token (str):
    """

    button_text: str
    color: str
    fields: list[WidgetField]
    submit_url: str
    thank_you: str
    title: str
    token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        button_text = self.button_text

        color = self.color

        fields = []
        for fields_item_data in self.fields:
            fields_item = fields_item_data.to_dict()
            fields.append(fields_item)

        submit_url = self.submit_url

        thank_you = self.thank_you

        title = self.title

        token = self.token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "button_text": button_text,
                "color": color,
                "fields": fields,
                "submit_url": submit_url,
                "thank_you": thank_you,
                "title": title,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.widget_field import WidgetField

        d = dict(src_dict)
        button_text = d.pop("button_text")

        color = d.pop("color")

        fields = []
        _fields = d.pop("fields")
        for fields_item_data in _fields:
            fields_item = WidgetField.from_dict(fields_item_data)

            fields.append(fields_item)

        submit_url = d.pop("submit_url")

        thank_you = d.pop("thank_you")

        title = d.pop("title")

        token = d.pop("token")

        widget_config = cls(
            button_text=button_text,
            color=color,
            fields=fields,
            submit_url=submit_url,
            thank_you=thank_you,
            title=title,
            token=token,
        )

        widget_config.additional_properties = d
        return widget_config

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
