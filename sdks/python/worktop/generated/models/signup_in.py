from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.signup_in_plan_id import SignupInPlanId
from ..types import UNSET, Unset

T = TypeVar("T", bound="SignupIn")


@_attrs_define
class SignupIn:
    """Body of `POST /api/signup`.

    Example:
        {'email': 'ana@acme-dental.example', 'name': 'Ana Costa', 'password': 'a long passphrase of yours', 'plan_id':
            'pro', 'workspace_name': 'Acme Dental'}

    Attributes:
        email (str): The owner's login; it gets the verification mail.
        name (str): The owner's name.
        password (str): 8 to 128 characters, not a common password nor the address or name.
        workspace_name (str):
        plan_id (SignupInPlanId | Unset): A plan of `GET /api/public/plans`, on its trial; absent, `pro`.
    """

    email: str
    name: str
    password: str
    workspace_name: str
    plan_id: SignupInPlanId | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        name = self.name

        password = self.password

        workspace_name = self.workspace_name

        plan_id: str | Unset = UNSET
        if not isinstance(self.plan_id, Unset):
            plan_id = self.plan_id.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "email": email,
                "name": name,
                "password": password,
                "workspace_name": workspace_name,
            }
        )
        if plan_id is not UNSET:
            field_dict["plan_id"] = plan_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        email = d.pop("email")

        name = d.pop("name")

        password = d.pop("password")

        workspace_name = d.pop("workspace_name")

        _plan_id = d.pop("plan_id", UNSET)
        plan_id: SignupInPlanId | Unset
        if isinstance(_plan_id, Unset):
            plan_id = UNSET
        else:
            plan_id = SignupInPlanId(_plan_id)

        signup_in = cls(
            email=email,
            name=name,
            password=password,
            workspace_name=workspace_name,
            plan_id=plan_id,
        )

        signup_in.additional_properties = d
        return signup_in

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
