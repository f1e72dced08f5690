from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.opportunity_stage import OpportunityStage
from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchChangeOpportunityPatch")


@_attrs_define
class BatchChangeOpportunityPatch:
    """One item of a batch update.

    Attributes:
        id (int): The record to change.
        version (int): The version the change is based on; a stale one fails the item (409 `version_conflict`).
        amount (float | Unset): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric
            string is accepted too). Example: 1250.5.
        close_date (datetime.date | None | Unset):
        customer_id (int | None | Unset):
        description (None | str | Unset):
        name (str | Unset):
        probability (int | None | Unset):
        stage (OpportunityStage | Unset): Where an opportunity stands; the last two close it.
    """

    id: int
    version: int
    amount: float | Unset = UNSET
    close_date: datetime.date | None | Unset = UNSET
    customer_id: int | None | Unset = UNSET
    description: None | str | Unset = UNSET
    name: str | Unset = UNSET
    probability: int | None | Unset = UNSET
    stage: OpportunityStage | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version = self.version

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

        name = self.name

        probability: int | None | Unset
        if isinstance(self.probability, Unset):
            probability = UNSET
        else:
            probability = self.probability

        stage: str | Unset = UNSET
        if not isinstance(self.stage, Unset):
            stage = self.stage.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "version": version,
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
        if name is not UNSET:
            field_dict["name"] = name
        if probability is not UNSET:
            field_dict["probability"] = probability
        if stage is not UNSET:
            field_dict["stage"] = stage

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

        amount = d.pop("amount", UNSET)

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

        name = d.pop("name", UNSET)

        def _parse_probability(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        probability = _parse_probability(d.pop("probability", UNSET))

        _stage = d.pop("stage", UNSET)
        stage: OpportunityStage | Unset
        if isinstance(_stage, Unset):
            stage = UNSET
        else:
            stage = OpportunityStage(_stage)

        batch_change_opportunity_patch = cls(
            id=id,
            version=version,
            amount=amount,
            close_date=close_date,
            customer_id=customer_id,
            description=description,
            name=name,
            probability=probability,
            stage=stage,
        )

        batch_change_opportunity_patch.additional_properties = d
        return batch_change_opportunity_patch

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
