from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.widget_in_fields_type_0_item import WidgetInFieldsType0Item
from ..types import UNSET, Unset

T = TypeVar("T", bound="WidgetIn")


@_attrs_define
class WidgetIn:
    """Body of `POST /api/v1/widgets`.

    Example:
        {'color': '#6366F1', 'fields': ['phone', 'notes'], 'name': 'Contact form'}

    Attributes:
        name (str):
        button_text (None | str | Unset):
        color (None | str | Unset):
        fields (list[WidgetInFieldsType0Item] | None | Unset): Any of `name`, `email`, `phone`, `subject`, `notes`.
        pipeline_id (int | None | Unset): Defaults to the first pipeline.
        stage_id (int | None | Unset): Defaults to the pipeline's first lead stage.
        thank_you (None | str | Unset):
        title (None | str | Unset):
    """

    name: str
    button_text: None | str | Unset = UNSET
    color: None | str | Unset = UNSET
    fields: list[WidgetInFieldsType0Item] | None | Unset = UNSET
    pipeline_id: int | None | Unset = UNSET
    stage_id: int | None | Unset = UNSET
    thank_you: None | str | Unset = UNSET
    title: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        button_text: None | str | Unset
        if isinstance(self.button_text, Unset):
            button_text = UNSET
        else:
            button_text = self.button_text

        color: None | str | Unset
        if isinstance(self.color, Unset):
            color = UNSET
        else:
            color = self.color

        fields: list[str] | None | Unset
        if isinstance(self.fields, Unset):
            fields = UNSET
        elif isinstance(self.fields, list):
            fields = []
            for fields_type_0_item_data in self.fields:
                fields_type_0_item = fields_type_0_item_data.value
                fields.append(fields_type_0_item)

        else:
            fields = self.fields

        pipeline_id: int | None | Unset
        if isinstance(self.pipeline_id, Unset):
            pipeline_id = UNSET
        else:
            pipeline_id = self.pipeline_id

        stage_id: int | None | Unset
        if isinstance(self.stage_id, Unset):
            stage_id = UNSET
        else:
            stage_id = self.stage_id

        thank_you: None | str | Unset
        if isinstance(self.thank_you, Unset):
            thank_you = UNSET
        else:
            thank_you = self.thank_you

        title: None | str | Unset
        if isinstance(self.title, Unset):
            title = UNSET
        else:
            title = self.title

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if button_text is not UNSET:
            field_dict["button_text"] = button_text
        if color is not UNSET:
            field_dict["color"] = color
        if fields is not UNSET:
            field_dict["fields"] = fields
        if pipeline_id is not UNSET:
            field_dict["pipeline_id"] = pipeline_id
        if stage_id is not UNSET:
            field_dict["stage_id"] = stage_id
        if thank_you is not UNSET:
            field_dict["thank_you"] = thank_you
        if title is not UNSET:
            field_dict["title"] = title

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_button_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        button_text = _parse_button_text(d.pop("button_text", UNSET))

        def _parse_color(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        color = _parse_color(d.pop("color", UNSET))

        def _parse_fields(data: object) -> list[WidgetInFieldsType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                fields_type_0 = []
                _fields_type_0 = data
                for fields_type_0_item_data in _fields_type_0:
                    fields_type_0_item = WidgetInFieldsType0Item(
                        fields_type_0_item_data
                    )

                    fields_type_0.append(fields_type_0_item)

                return fields_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[WidgetInFieldsType0Item] | None | Unset, data)

        fields = _parse_fields(d.pop("fields", UNSET))

        def _parse_pipeline_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        pipeline_id = _parse_pipeline_id(d.pop("pipeline_id", UNSET))

        def _parse_stage_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        stage_id = _parse_stage_id(d.pop("stage_id", UNSET))

        def _parse_thank_you(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        thank_you = _parse_thank_you(d.pop("thank_you", UNSET))

        def _parse_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title = _parse_title(d.pop("title", UNSET))

        widget_in = cls(
            name=name,
            button_text=button_text,
            color=color,
            fields=fields,
            pipeline_id=pipeline_id,
            stage_id=stage_id,
            thank_you=thank_you,
            title=title,
        )

        widget_in.additional_properties = d
        return widget_in

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
