from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.mode import Mode
from ..models.plan_state import PlanState

if TYPE_CHECKING:
    from ..models.read_only_out import ReadOnlyOut
    from ..models.workspace_plan import WorkspacePlan
    from ..models.workspace_usage import WorkspaceUsage


T = TypeVar("T", bound="WorkspaceOut")


@_attrs_define
class WorkspaceOut:
    """What `GET /api/workspace` answers.

    Attributes:
        created_at (str):
        email_verified (bool): Whether the caller's address is verified.
        id (int):
        live_keys_need_verified_address (bool): Opened by sign-up: live keys need a verified address.
        mode (Mode): Live data or the sandbox beside it.
        name (str):
        plan (WorkspacePlan): A workspace's plan by id and name.
        plan_state (PlanState): Where a workspace's plan stands: `trialing` (sign-up's free trial, until
            `trial_ends_at`),
            `trial_ended` (without a subscription: read-only), `active`, `past_due` (a payment failed;
            the provider retries it and writes go on), `canceling` (cancelled, ending at the period's
            end), `canceled` (the subscription ended: read-only), or `unbilled` (opened by an operator
            or a white-label platform, and billed outside Worktop).
        read_only (None | ReadOnlyOut): Set while the workspace is read-only: its writes answer 402 with this code and
            message.
        region (None | str): Its home region; null on a single-region platform.
        trial_ends_at (None | str): RFC 3339; null for a workspace with no trial (opened by an operator or a platform).
        usage (WorkspaceUsage): Requests of the last 24 clock hours, this one last (counted by each instance and added
            up
            every few seconds, so the current hour lags a little).
    """

    created_at: str
    email_verified: bool
    id: int
    live_keys_need_verified_address: bool
    mode: Mode
    name: str
    plan: WorkspacePlan
    plan_state: PlanState
    read_only: None | ReadOnlyOut
    region: None | str
    trial_ends_at: None | str
    usage: WorkspaceUsage
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.read_only_out import ReadOnlyOut

        created_at = self.created_at

        email_verified = self.email_verified

        id = self.id

        live_keys_need_verified_address = self.live_keys_need_verified_address

        mode = self.mode.value

        name = self.name

        plan = self.plan.to_dict()

        plan_state = self.plan_state.value

        read_only: dict[str, Any] | None
        if isinstance(self.read_only, ReadOnlyOut):
            read_only = self.read_only.to_dict()
        else:
            read_only = self.read_only

        region: None | str
        region = self.region

        trial_ends_at: None | str
        trial_ends_at = self.trial_ends_at

        usage = self.usage.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "email_verified": email_verified,
                "id": id,
                "live_keys_need_verified_address": live_keys_need_verified_address,
                "mode": mode,
                "name": name,
                "plan": plan,
                "plan_state": plan_state,
                "read_only": read_only,
                "region": region,
                "trial_ends_at": trial_ends_at,
                "usage": usage,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.read_only_out import ReadOnlyOut
        from ..models.workspace_plan import WorkspacePlan
        from ..models.workspace_usage import WorkspaceUsage

        d = dict(src_dict)
        created_at = d.pop("created_at")

        email_verified = d.pop("email_verified")

        id = d.pop("id")

        live_keys_need_verified_address = d.pop("live_keys_need_verified_address")

        mode = Mode(d.pop("mode"))

        name = d.pop("name")

        plan = WorkspacePlan.from_dict(d.pop("plan"))

        plan_state = PlanState(d.pop("plan_state"))

        def _parse_read_only(data: object) -> None | ReadOnlyOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                read_only_type_1 = ReadOnlyOut.from_dict(data)

                return read_only_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReadOnlyOut, data)

        read_only = _parse_read_only(d.pop("read_only"))

        def _parse_region(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        region = _parse_region(d.pop("region"))

        def _parse_trial_ends_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        trial_ends_at = _parse_trial_ends_at(d.pop("trial_ends_at"))

        usage = WorkspaceUsage.from_dict(d.pop("usage"))

        workspace_out = cls(
            created_at=created_at,
            email_verified=email_verified,
            id=id,
            live_keys_need_verified_address=live_keys_need_verified_address,
            mode=mode,
            name=name,
            plan=plan,
            plan_state=plan_state,
            read_only=read_only,
            region=region,
            trial_ends_at=trial_ends_at,
            usage=usage,
        )

        workspace_out.additional_properties = d
        return workspace_out

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
