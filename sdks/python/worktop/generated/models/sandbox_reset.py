from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.fresh_sandbox import FreshSandbox


T = TypeVar("T", bound="SandboxReset")


@_attrs_define
class SandboxReset:
    """What `POST /api/v1/sandbox/reset` answers.

    Attributes:
        message (str):
        sandbox (FreshSandbox): The sandbox a reset made.
    """

    message: str
    sandbox: FreshSandbox
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        message = self.message

        sandbox = self.sandbox.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "message": message,
                "sandbox": sandbox,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.fresh_sandbox import FreshSandbox

        d = dict(src_dict)
        message = d.pop("message")

        sandbox = FreshSandbox.from_dict(d.pop("sandbox"))

        sandbox_reset = cls(
            message=message,
            sandbox=sandbox,
        )

        sandbox_reset.additional_properties = d
        return sandbox_reset

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
