from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_body import ErrorBody
    from ..models.widget import Widget


T = TypeVar("T", bound="BatchItemResultWidget")


@_attrs_define
class BatchItemResultWidget:
    """One item's result: `data` when it was applied, `error` when it was not.

    Attributes:
        index (int): Its place in the request's `items`, from 0.
        status (int): The status its single route would have answered.
        data (None | Unset | Widget):
        error (ErrorBody | None | Unset):
    """

    index: int
    status: int
    data: None | Unset | Widget = UNSET
    error: ErrorBody | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.error_body import ErrorBody
        from ..models.widget import Widget

        index = self.index

        status = self.status

        data: dict[str, Any] | None | Unset
        if isinstance(self.data, Unset):
            data = UNSET
        elif isinstance(self.data, Widget):
            data = self.data.to_dict()
        else:
            data = self.data

        error: dict[str, Any] | None | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        elif isinstance(self.error, ErrorBody):
            error = self.error.to_dict()
        else:
            error = self.error

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
        from ..models.widget import Widget

        d = dict(src_dict)
        index = d.pop("index")

        status = d.pop("status")

        def _parse_data(data: object) -> None | Unset | Widget:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_1 = Widget.from_dict(data)

                return data_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | Widget, data)

        data = _parse_data(d.pop("data", UNSET))

        def _parse_error(data: object) -> ErrorBody | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_1 = ErrorBody.from_dict(data)

                return error_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ErrorBody | None | Unset, data)

        error = _parse_error(d.pop("error", UNSET))

        batch_item_result_widget = cls(
            index=index,
            status=status,
            data=data,
            error=error,
        )

        batch_item_result_widget.additional_properties = d
        return batch_item_result_widget

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
