from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.field_type import FieldType

if TYPE_CHECKING:
    from ..models.field_index import FieldIndex


T = TypeVar("T", bound="CustomField")


@_attrs_define
class CustomField:
    """A custom field's definition.

    Attributes:
        created_at (str): RFC 3339, UTC.
        default (Any): The value a create without one stores.
        filterable (bool): Lists may filter and sort by it (`custom_fields.<key>=<value>`, `sort=custom_fields.<key>`),
            once its index is ready.
        help_text (None | str):
        id (int): Unique per workspace and resource.
        index (FieldIndex | None): The index behind `filterable` (`null` when the field is not filterable).
        key (str): Its name in `custom_fields` on the record: snake_case, unique per kind, never changed.
        label (str):
        options (list[str]): A select's or multi-select's choices, in order (empty for other types).
        position (int): Order among the kind's fields, from 1.
        reference_kind (None | str): The kind of record a `reference` field names.
        required (bool):
        resource (str): The kind of record it is on (`crm_contact`).
        searchable (bool): A list's `search` looks at it.
        type_ (FieldType): What a custom field holds.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    created_at: str
    default: Any
    filterable: bool
    help_text: None | str
    id: int
    index: FieldIndex | None
    key: str
    label: str
    options: list[str]
    position: int
    reference_kind: None | str
    required: bool
    resource: str
    searchable: bool
    type_: FieldType
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.field_index import FieldIndex

        created_at = self.created_at

        default = self.default

        filterable = self.filterable

        help_text: None | str
        help_text = self.help_text

        id = self.id

        index: dict[str, Any] | None
        if isinstance(self.index, FieldIndex):
            index = self.index.to_dict()
        else:
            index = self.index

        key = self.key

        label = self.label

        options = self.options

        position = self.position

        reference_kind: None | str
        reference_kind = self.reference_kind

        required = self.required

        resource = self.resource

        searchable = self.searchable

        type_ = self.type_.value

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "default": default,
                "filterable": filterable,
                "help_text": help_text,
                "id": id,
                "index": index,
                "key": key,
                "label": label,
                "options": options,
                "position": position,
                "reference_kind": reference_kind,
                "required": required,
                "resource": resource,
                "searchable": searchable,
                "type": type_,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.field_index import FieldIndex

        d = dict(src_dict)
        created_at = d.pop("created_at")

        default = d.pop("default")

        filterable = d.pop("filterable")

        def _parse_help_text(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        help_text = _parse_help_text(d.pop("help_text"))

        id = d.pop("id")

        def _parse_index(data: object) -> FieldIndex | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                index_type_1 = FieldIndex.from_dict(data)

                return index_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FieldIndex | None, data)

        index = _parse_index(d.pop("index"))

        key = d.pop("key")

        label = d.pop("label")

        options = cast(list[str], d.pop("options"))

        position = d.pop("position")

        def _parse_reference_kind(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reference_kind = _parse_reference_kind(d.pop("reference_kind"))

        required = d.pop("required")

        resource = d.pop("resource")

        searchable = d.pop("searchable")

        type_ = FieldType(d.pop("type"))

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        custom_field = cls(
            created_at=created_at,
            default=default,
            filterable=filterable,
            help_text=help_text,
            id=id,
            index=index,
            key=key,
            label=label,
            options=options,
            position=position,
            reference_kind=reference_kind,
            required=required,
            resource=resource,
            searchable=searchable,
            type_=type_,
            updated_at=updated_at,
            version=version,
        )

        custom_field.additional_properties = d
        return custom_field

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
