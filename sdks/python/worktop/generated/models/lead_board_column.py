from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.lead import Lead
    from ..models.stage import Stage


T = TypeVar("T", bound="LeadBoardColumn")


@_attrs_define
class LeadBoardColumn:
    """One column of the lead board.

    Attributes:
        leads (list[Lead]):
        stage (Stage): A lead stage or a deal stage: a column of its pipeline's board, in `order`.
    """

    leads: list[Lead]
    stage: Stage
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        leads = []
        for leads_item_data in self.leads:
            leads_item = leads_item_data.to_dict()
            leads.append(leads_item)

        stage = self.stage.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "leads": leads,
                "stage": stage,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.lead import Lead
        from ..models.stage import Stage

        d = dict(src_dict)
        leads = []
        _leads = d.pop("leads")
        for leads_item_data in _leads:
            leads_item = Lead.from_dict(leads_item_data)

            leads.append(leads_item)

        stage = Stage.from_dict(d.pop("stage"))

        lead_board_column = cls(
            leads=leads,
            stage=stage,
        )

        lead_board_column.additional_properties = d
        return lead_board_column

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
