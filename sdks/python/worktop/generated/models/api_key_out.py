from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.mode import Mode

T = TypeVar("T", bound="ApiKeyOut")


@_attrs_define
class ApiKeyOut:
    """A key as the API lists it: never the key itself.

    Attributes:
        created_at (str):
        id (int):
        last_four (str):
        last_used_at (None | str):
        mode (Mode): Live data or the sandbox beside it.
        name (str):
        prefix (str):
        revoked_at (None | str):
        scopes (list[str] | None): `null`: the user's full permissions.
        user_id (int):
    """

    created_at: str
    id: int
    last_four: str
    last_used_at: None | str
    mode: Mode
    name: str
    prefix: str
    revoked_at: None | str
    scopes: list[str] | None
    user_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        id = self.id

        last_four = self.last_four

        last_used_at: None | str
        last_used_at = self.last_used_at

        mode = self.mode.value

        name = self.name

        prefix = self.prefix

        revoked_at: None | str
        revoked_at = self.revoked_at

        scopes: list[str] | None
        if isinstance(self.scopes, list):
            scopes = self.scopes

        else:
            scopes = self.scopes

        user_id = self.user_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "id": id,
                "last_four": last_four,
                "last_used_at": last_used_at,
                "mode": mode,
                "name": name,
                "prefix": prefix,
                "revoked_at": revoked_at,
                "scopes": scopes,
                "user_id": user_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        id = d.pop("id")

        last_four = d.pop("last_four")

        def _parse_last_used_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))

        mode = Mode(d.pop("mode"))

        name = d.pop("name")

        prefix = d.pop("prefix")

        def _parse_revoked_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at"))

        def _parse_scopes(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                scopes_type_0 = cast(list[str], data)

                return scopes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        scopes = _parse_scopes(d.pop("scopes"))

        user_id = d.pop("user_id")

        api_key_out = cls(
            created_at=created_at,
            id=id,
            last_four=last_four,
            last_used_at=last_used_at,
            mode=mode,
            name=name,
            prefix=prefix,
            revoked_at=revoked_at,
            scopes=scopes,
            user_id=user_id,
        )

        api_key_out.additional_properties = d
        return api_key_out

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
