from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.custom_field_in_type import CustomFieldInType
from ..types import UNSET, Unset

T = TypeVar("T", bound="CustomFieldIn")


@_attrs_define
class CustomFieldIn:
    """Body of `POST /api/custom-fields`.

    Attributes:
        key (str):
        label (str):
        resource (str): The kind of record (`crm_contact`, `crm_lead`, `crm_deal`, `sales_invoice`, `inv_product`,
            `project`, `support_ticket`, `hr_employee`).
        type_ (CustomFieldInType):
        default (bool | float | list[str] | None | str | Unset): A value of the field's type; `user` and `reference`
            fields take none.
        filterable (bool | None | Unset):
        help_text (None | str | Unset):
        options (list[str] | None | Unset):
        position (int | None | Unset): Defaults to after the kind's last field.
        reference_kind (None | str | Unset): Required for `reference`: the kind it names.
        required (bool | None | Unset):
        searchable (bool | None | Unset):
    """

    key: str
    label: str
    resource: str
    type_: CustomFieldInType
    default: bool | float | list[str] | None | str | Unset = UNSET
    filterable: bool | None | Unset = UNSET
    help_text: None | str | Unset = UNSET
    options: list[str] | None | Unset = UNSET
    position: int | None | Unset = UNSET
    reference_kind: None | str | Unset = UNSET
    required: bool | None | Unset = UNSET
    searchable: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        label = self.label

        resource = self.resource

        type_ = self.type_.value

        default: bool | float | list[str] | None | str | Unset
        if isinstance(self.default, Unset):
            default = UNSET
        elif isinstance(self.default, list):
            default = self.default

        else:
            default = self.default

        filterable: bool | None | Unset
        if isinstance(self.filterable, Unset):
            filterable = UNSET
        else:
            filterable = self.filterable

        help_text: None | str | Unset
        if isinstance(self.help_text, Unset):
            help_text = UNSET
        else:
            help_text = self.help_text

        options: list[str] | None | Unset
        if isinstance(self.options, Unset):
            options = UNSET
        elif isinstance(self.options, list):
            options = self.options

        else:
            options = self.options

        position: int | None | Unset
        if isinstance(self.position, Unset):
            position = UNSET
        else:
            position = self.position

        reference_kind: None | str | Unset
        if isinstance(self.reference_kind, Unset):
            reference_kind = UNSET
        else:
            reference_kind = self.reference_kind

        required: bool | None | Unset
        if isinstance(self.required, Unset):
            required = UNSET
        else:
            required = self.required

        searchable: bool | None | Unset
        if isinstance(self.searchable, Unset):
            searchable = UNSET
        else:
            searchable = self.searchable

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "label": label,
                "resource": resource,
                "type": type_,
            }
        )
        if default is not UNSET:
            field_dict["default"] = default
        if filterable is not UNSET:
            field_dict["filterable"] = filterable
        if help_text is not UNSET:
            field_dict["help_text"] = help_text
        if options is not UNSET:
            field_dict["options"] = options
        if position is not UNSET:
            field_dict["position"] = position
        if reference_kind is not UNSET:
            field_dict["reference_kind"] = reference_kind
        if required is not UNSET:
            field_dict["required"] = required
        if searchable is not UNSET:
            field_dict["searchable"] = searchable

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key = d.pop("key")

        label = d.pop("label")

        resource = d.pop("resource")

        type_ = CustomFieldInType(d.pop("type"))

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

        def _parse_filterable(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        filterable = _parse_filterable(d.pop("filterable", UNSET))

        def _parse_help_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        help_text = _parse_help_text(d.pop("help_text", UNSET))

        def _parse_options(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                options_type_0 = cast(list[str], data)

                return options_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        options = _parse_options(d.pop("options", UNSET))

        def _parse_position(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        position = _parse_position(d.pop("position", UNSET))

        def _parse_reference_kind(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference_kind = _parse_reference_kind(d.pop("reference_kind", UNSET))

        def _parse_required(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        required = _parse_required(d.pop("required", UNSET))

        def _parse_searchable(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        searchable = _parse_searchable(d.pop("searchable", UNSET))

        custom_field_in = cls(
            key=key,
            label=label,
            resource=resource,
            type_=type_,
            default=default,
            filterable=filterable,
            help_text=help_text,
            options=options,
            position=position,
            reference_kind=reference_kind,
            required=required,
            searchable=searchable,
        )

        custom_field_in.additional_properties = d
        return custom_field_in

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
