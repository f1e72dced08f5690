from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_body import ErrorBody
    from ..models.promotion import Promotion


T = TypeVar("T", bound="BatchItemResultPromotion")


@_attrs_define
class BatchItemResultPromotion:
    """One item's result: `data` when it was applied, `error` when it was not.

    Attributes:
        index (int): Its place in the request's `items`, from 0.
        status (int): The status its single route would have answered.
        data (Promotion | Unset): A promotion: from `date`, the employee holds its designation (in that designation's
            department and branch) and its salary. What they held before is kept.
        error (ErrorBody | Unset): The JSON error body. `errors` appears only on validation failures.
    """

    index: int
    status: int
    data: Promotion | Unset = UNSET
    error: ErrorBody | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        status = self.status

        data: dict[str, Any] | Unset = UNSET
        if not isinstance(self.data, Unset):
            data = self.data.to_dict()

        error: dict[str, Any] | Unset = UNSET
        if not isinstance(self.error, Unset):
            error = self.error.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "status": status,
            }
        )
        if data is not UNSET:
            field_dict["data"] = data
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error_body import ErrorBody
        from ..models.promotion import Promotion

        d = dict(src_dict)
        index = d.pop("index")

        status = d.pop("status")

        _data = d.pop("data", UNSET)
        data: Promotion | Unset
        if isinstance(_data, Unset):
            data = UNSET
        else:
            data = Promotion.from_dict(_data)

        _error = d.pop("error", UNSET)
        error: ErrorBody | Unset
        if isinstance(_error, Unset):
            error = UNSET
        else:
            error = ErrorBody.from_dict(_error)

        batch_item_result_promotion = cls(
            index=index,
            status=status,
            data=data,
            error=error,
        )

        batch_item_result_promotion.additional_properties = d
        return batch_item_result_promotion

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
