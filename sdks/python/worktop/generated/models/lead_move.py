from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="LeadMove")


@_attrs_define
class LeadMove:
    """Body of `POST /api/lead/lead-stage-update`.

    Example:
        {'lead_id': 7, 'order': 1, 'stage_id': 3}

    Attributes:
        lead_id (int):
        stage_id (int):
        order (int | None | Unset): 1-based position in the stage; default: last.
    """

    lead_id: int
    stage_id: int
    order: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        lead_id = self.lead_id

        stage_id = self.stage_id

        order: int | None | Unset
        if isinstance(self.order, Unset):
            order = UNSET
        else:
            order = self.order

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "lead_id": lead_id,
                "stage_id": stage_id,
            }
        )
        if order is not UNSET:
            field_dict["order"] = order

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        lead_id = d.pop("lead_id")

        stage_id = d.pop("stage_id")

        def _parse_order(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        order = _parse_order(d.pop("order", UNSET))

        lead_move = cls(
            lead_id=lead_id,
            stage_id=stage_id,
            order=order,
        )

        lead_move.additional_properties = d
        return lead_move

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
