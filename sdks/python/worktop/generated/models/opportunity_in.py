from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.opportunity_stage import OpportunityStage
from ..types import UNSET, Unset

T = TypeVar("T", bound="OpportunityIn")


@_attrs_define
class OpportunityIn:
    """Body of `POST /api/sales/opportunitity/store` (the catalogue's spelling).

    Attributes:
        name (str):
        amount (float | None | Unset): At least 0; defaults to 0. Example: 1250.5.
        close_date (datetime.date | None | Unset):
        customer_id (int | None | Unset):
        description (None | str | Unset):
        probability (int | None | Unset):
        stage (None | OpportunityStage | Unset): Defaults to `prospecting`.
    """

    name: str
    amount: float | None | Unset = UNSET
    close_date: datetime.date | None | Unset = UNSET
    customer_id: int | None | Unset = UNSET
    description: None | str | Unset = UNSET
    probability: int | None | Unset = UNSET
    stage: None | OpportunityStage | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        amount: float | None | Unset
        if isinstance(self.amount, Unset):
            amount = UNSET
        else:
            amount = self.amount

        close_date: None | str | Unset
        if isinstance(self.close_date, Unset):
            close_date = UNSET
        elif isinstance(self.close_date, datetime.date):
            close_date = self.close_date.isoformat()
        else:
            close_date = self.close_date

        customer_id: int | None | Unset
        if isinstance(self.customer_id, Unset):
            customer_id = UNSET
        else:
            customer_id = self.customer_id

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        probability: int | None | Unset
        if isinstance(self.probability, Unset):
            probability = UNSET
        else:
            probability = self.probability

        stage: None | str | Unset
        if isinstance(self.stage, Unset):
            stage = UNSET
        elif isinstance(self.stage, OpportunityStage):
            stage = self.stage.value
        else:
            stage = self.stage

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if amount is not UNSET:
            field_dict["amount"] = amount
        if close_date is not UNSET:
            field_dict["close_date"] = close_date
        if customer_id is not UNSET:
            field_dict["customer_id"] = customer_id
        if description is not UNSET:
            field_dict["description"] = description
        if probability is not UNSET:
            field_dict["probability"] = probability
        if stage is not UNSET:
            field_dict["stage"] = stage

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_amount(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        amount = _parse_amount(d.pop("amount", UNSET))

        def _parse_close_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                close_date_type_0 = datetime.date.fromisoformat(data)

                return close_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        close_date = _parse_close_date(d.pop("close_date", UNSET))

        def _parse_customer_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        customer_id = _parse_customer_id(d.pop("customer_id", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_probability(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        probability = _parse_probability(d.pop("probability", UNSET))

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

        opportunity_in = cls(
            name=name,
            amount=amount,
            close_date=close_date,
            customer_id=customer_id,
            description=description,
            probability=probability,
            stage=stage,
        )

        opportunity_in.additional_properties = d
        return opportunity_in

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
