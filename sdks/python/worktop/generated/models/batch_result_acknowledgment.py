from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.batch_item_result_acknowledgment import BatchItemResultAcknowledgment


T = TypeVar("T", bound="BatchResultAcknowledgment")


@_attrs_define
class BatchResultAcknowledgment:
    """The answer to a batch: every item's result in request order.

    Attributes:
        failed (int): How many were not.
        results (list[BatchItemResultAcknowledgment]):
        succeeded (int): How many items were applied.
    """

    failed: int
    results: list[BatchItemResultAcknowledgment]
    succeeded: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        failed = self.failed

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        succeeded = self.succeeded

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "failed": failed,
                "results": results,
                "succeeded": succeeded,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.batch_item_result_acknowledgment import (
            BatchItemResultAcknowledgment,
        )

        d = dict(src_dict)
        failed = d.pop("failed")

        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = BatchItemResultAcknowledgment.from_dict(results_item_data)

            results.append(results_item)

        succeeded = d.pop("succeeded")

        batch_result_acknowledgment = cls(
            failed=failed,
            results=results,
            succeeded=succeeded,
        )

        batch_result_acknowledgment.additional_properties = d
        return batch_result_acknowledgment

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
