from enum import StrEnum


class OpportunityStage(StrEnum):
    CLOSED_LOST = "closed_lost"
    CLOSED_WON = "closed_won"
    NEGOTIATION = "negotiation"
    PROPOSAL = "proposal"
    PROSPECTING = "prospecting"
    QUALIFICATION = "qualification"

    def __str__(self) -> str:
        return str(self.value)
