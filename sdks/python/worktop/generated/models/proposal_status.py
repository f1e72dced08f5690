from enum import StrEnum


class ProposalStatus(StrEnum):
    ACCEPTED = "accepted"
    DRAFT = "draft"
    REJECTED = "rejected"
    SENT = "sent"

    def __str__(self) -> str:
        return str(self.value)
