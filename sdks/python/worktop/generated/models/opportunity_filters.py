from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.opportunity_stage import OpportunityStage
from ..types import UNSET, Unset

T = TypeVar("T", bound="OpportunityFilters")


@_attrs_define
class OpportunityFilters:
    """`?stage=` and `?customer_id=` on the list.

    Attributes:
        customer_id (int | None | Unset):
        stage (None | OpportunityStage | Unset):
    """

    customer_id: int | None | Unset = UNSET
    stage: None | OpportunityStage | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        customer_id: int | None | Unset
        if isinstance(self.customer_id, Unset):
            customer_id = UNSET
        else:
            customer_id = self.customer_id

        stage: None | str | Unset
        if isinstance(self.stage, Unset):
            stage = UNSET
        elif isinstance(self.stage, OpportunityStage):
            stage = self.stage.value
        else:
            stage = self.stage

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if customer_id is not UNSET:
            field_dict["customer_id"] = customer_id
        if stage is not UNSET:
            field_dict["stage"] = stage

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_customer_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        customer_id = _parse_customer_id(d.pop("customer_id", UNSET))

        def _parse_stage(data: object) -> None | OpportunityStage | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                stage_type_1 = OpportunityStage(data)

                return stage_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OpportunityStage | Unset, data)

        stage = _parse_stage(d.pop("stage", UNSET))

        opportunity_filters = cls(
            customer_id=customer_id,
            stage=stage,
        )

        return opportunity_filters
