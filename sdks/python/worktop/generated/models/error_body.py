from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.field_errors import FieldErrors


T = TypeVar("T", bound="ErrorBody")


@_attrs_define
class ErrorBody:
    """The JSON error body. `errors` appears only on validation failures.

    Attributes:
        code (str):
        message (str):
        request_id (str):
        base_url (None | str | Unset): On 421 `wrong_region`: the base URL to send the request to instead.
        errors (FieldErrors | None | Unset):
        region (None | str | Unset): On 421 `wrong_region`: the credential's home region.
    """

    code: str
    message: str
    request_id: str
    base_url: None | str | Unset = UNSET
    errors: FieldErrors | None | Unset = UNSET
    region: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.field_errors import FieldErrors

        code = self.code

        message = self.message

        request_id = self.request_id

        base_url: None | str | Unset
        if isinstance(self.base_url, Unset):
            base_url = UNSET
        else:
            base_url = self.base_url

        errors: dict[str, Any] | None | Unset
        if isinstance(self.errors, Unset):
            errors = UNSET
        elif isinstance(self.errors, FieldErrors):
            errors = self.errors.to_dict()
        else:
            errors = self.errors

        region: None | str | Unset
        if isinstance(self.region, Unset):
            region = UNSET
        else:
            region = self.region

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
                "request_id": request_id,
            }
        )
        if base_url is not UNSET:
            field_dict["base_url"] = base_url
        if errors is not UNSET:
            field_dict["errors"] = errors
        if region is not UNSET:
            field_dict["region"] = region

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.field_errors import FieldErrors

        d = dict(src_dict)
        code = d.pop("code")

        message = d.pop("message")

        request_id = d.pop("request_id")

        def _parse_base_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        base_url = _parse_base_url(d.pop("base_url", UNSET))

        def _parse_errors(data: object) -> FieldErrors | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                errors_type_1 = FieldErrors.from_dict(data)

                return errors_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FieldErrors | None | Unset, data)

        errors = _parse_errors(d.pop("errors", UNSET))

        def _parse_region(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        region = _parse_region(d.pop("region", UNSET))

        error_body = cls(
            code=code,
            message=message,
            request_id=request_id,
            base_url=base_url,
            errors=errors,
            region=region,
        )

        error_body.additional_properties = d
        return error_body

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
