from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.document_type import DocumentType
    from ..models.error_body import ErrorBody


T = TypeVar("T", bound="BatchItemResultDocumentType")


@_attrs_define
class BatchItemResultDocumentType:
    """One item's result: `data` when it was applied, `error` when it was not.

    Attributes:
        index (int): Its place in the request's `items`, from 0.
        status (int): The status its single route would have answered.
        data (DocumentType | Unset): A kind of document an employee files (a contract, an ID).
        error (ErrorBody | Unset): The JSON error body. `errors` appears only on validation failures.
    """

    index: int
    status: int
    data: DocumentType | Unset = UNSET
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
        from ..models.document_type import DocumentType
        from ..models.error_body import ErrorBody

        d = dict(src_dict)
        index = d.pop("index")

        status = d.pop("status")

        _data = d.pop("data", UNSET)
        data: DocumentType | Unset
        if isinstance(_data, Unset):
            data = UNSET
        else:
            data = DocumentType.from_dict(_data)

        _error = d.pop("error", UNSET)
        error: ErrorBody | Unset
        if isinstance(_error, Unset):
            error = UNSET
        else:
            error = ErrorBody.from_dict(_error)

        batch_item_result_document_type = cls(
            index=index,
            status=status,
            data=data,
            error=error,
        )

        batch_item_result_document_type.additional_properties = d
        return batch_item_result_document_type

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
