from enum import StrEnum


class ExportSupportTicketFaqBodySort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    TITLE = "title"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-title"

    def __str__(self) -> str:
        return str(self.value)
