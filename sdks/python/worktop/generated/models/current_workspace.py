from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.mode import Mode

T = TypeVar("T", bound="CurrentWorkspace")


@_attrs_define
class CurrentWorkspace:
    """The workspace a request works in, as `GET /api/user` shows it.

    Attributes:
        id (int):
        mode (Mode): Live data or the sandbox beside it.
        name (str):
        plan (str): A plan id of `GET /api/public/plans`.
        region (None | str): Its home region; null on a single-region platform.
    """

    id: int
    mode: Mode
    name: str
    plan: str
    region: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        mode = self.mode.value

        name = self.name

        plan = self.plan

        region: None | str
        region = self.region

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "mode": mode,
                "name": name,
                "plan": plan,
                "region": region,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        mode = Mode(d.pop("mode"))

        name = d.pop("name")

        plan = d.pop("plan")

        def _parse_region(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        region = _parse_region(d.pop("region"))

        current_workspace = cls(
            id=id,
            mode=mode,
            name=name,
            plan=plan,
            region=region,
        )

        current_workspace.additional_properties = d
        return current_workspace

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
